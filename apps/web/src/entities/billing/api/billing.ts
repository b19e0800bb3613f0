import { useMutation, useQuery } from '@tanstack/react-query';
import type { BillingRecord, OrgRecord } from '@crewpay/core';
import { api } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { currentOrgKey } from '../../../lib/session/current-org.ts';

export const billingKey = ['billing'] as const;

/** GET /v1/billing (owners and admins): the plan, its monthly price, the next billing date. */
export function useBilling(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: billingKey,
    queryFn: () => api.get<BillingRecord>('/v1/billing'),
    enabled: options.enabled ?? true,
    meta: { errorMessage: 'There was an issue retrieving your plan' },
  });
}

/** PUT /v1/org/plan {plan: 'standard'}: the upgrade, charged starting next month. */
export function useUpgradePlan() {
  return useMutation({
    mutationFn: () => api.put<OrgRecord>('/v1/org/plan', { plan: 'standard' }),
    onSuccess: async (org) => {
      queryClient.setQueryData(currentOrgKey, org);
      await queryClient.invalidateQueries({ queryKey: billingKey });
    },
    meta: { errorMessage: 'There was an issue updating your plan', successMessage: 'Your plan has been upgraded to Premium' },
  });
}
