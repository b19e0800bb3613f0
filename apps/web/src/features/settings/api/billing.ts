import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { BillingRecord, CollectedFeesPage, FeeScheduleRecord, OrgRecord } from '@crewpay/core';
import { api } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { currentOrgKey } from '../../../lib/session/current-org.ts';

const billingKey = ['billing'] as const;

/** GET /v1/billing: the plan, its monthly price, the next billing date. */
export function useBilling() {
  return useQuery({
    queryKey: billingKey,
    queryFn: () => api.get<BillingRecord>('/v1/billing'),
    meta: { errorMessage: 'There was an issue retrieving your plan' },
  });
}

/** GET /v1/fee_schedules: the allowances the Premium card lists. */
export function useFeeSchedules() {
  return useQuery({
    queryKey: ['fee_schedules'],
    queryFn: () => api.get<FeeScheduleRecord[]>('/v1/fee_schedules'),
    meta: { errorMessage: 'There was an error getting the org fees.' },
  });
}

/** GET /v1/collected_fees, one server page at a time. */
export function useCollectedFees(page: number) {
  return useQuery({
    queryKey: ['collected_fees', page],
    queryFn: () => api.get<CollectedFeesPage>(`/v1/collected_fees?page=${page}`),
    placeholderData: keepPreviousData,
    meta: { errorMessage: 'There was an error getting the collected fees' },
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
