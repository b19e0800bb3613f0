import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PortalPaymentPage } from '@crewpay/core';
import { api } from '../../../lib/api-client.ts';

/** GET /v1/portal/payments: one server page of the payments made to the signed-in creator. */
export function usePortalPayments(page: number, pageSize: number) {
  return useQuery({
    queryKey: ['portal', 'payments', page, pageSize],
    queryFn: () => api.get<PortalPaymentPage>(`/v1/portal/payments?page=${page}&page_size=${pageSize}`),
    placeholderData: keepPreviousData,
    meta: { errorMessage: 'There was an issue retrieving your payments' },
  });
}
