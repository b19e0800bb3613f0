import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CustomerPortalAccess } from '@crewpay/core';
import { api } from '../../../lib/api-client.ts';

const accessKey = (customerId: string) => ['customers', customerId, 'portal_access'] as const;

/** GET /v1/customers/{id}/portal_access: whether the customer has a portal login yet. */
export function useCustomerPortalAccess(customerId: string) {
  return useQuery({
    queryKey: accessKey(customerId),
    queryFn: () => api.get<CustomerPortalAccess>(`/v1/customers/${customerId}/portal_access`),
    meta: { errorMessage: 'There was an issue retrieving customers' },
  });
}

/** POST /v1/customers/{id}/portal_invite: emails the customer a link to choose a password. */
export function useInviteCustomer(customerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<CustomerPortalAccess>(`/v1/customers/${customerId}/portal_invite`),
    meta: { errorMessage: 'There was an issue inviting this customer', successMessage: 'Invitation sent!' },
    onSuccess: (access) => queryClient.setQueryData(accessKey(customerId), access),
  });
}
