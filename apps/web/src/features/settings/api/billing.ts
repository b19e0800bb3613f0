import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { BillingRecord, CollectedFeesPage, FeeScheduleRecord, ScheduledPlanChange } from '@crewpay/core';
import { api } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { billingKey } from '../../../entities/billing/index.ts';

export { useBilling } from '../../../entities/billing/index.ts';

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

const changeMessages: Record<ScheduledPlanChange, string> = {
  downgrade: 'Your downgrade to the free plan is scheduled',
  cancel: 'Your Premium plan will end at the end of this period',
};

/** POST /v1/billing/downgrade or /cancel (owner): the change waits for the end of the period. */
export function useSchedulePlanChange(change: ScheduledPlanChange) {
  return useMutation({
    mutationFn: () => api.post<BillingRecord>(`/v1/billing/${change}`),
    onSuccess: (billing) => queryClient.setQueryData(billingKey, billing),
    meta: { errorMessage: 'There was an issue changing your plan', successMessage: changeMessages[change] },
  });
}

/** POST /v1/billing/resume (owner): keep Premium, undoing a scheduled downgrade or cancel. */
export function useResumePlan() {
  return useMutation({
    mutationFn: () => api.post<BillingRecord>('/v1/billing/resume'),
    onSuccess: (billing) => queryClient.setQueryData(billingKey, billing),
    meta: { errorMessage: 'There was an issue changing your plan', successMessage: 'Your Premium plan continues' },
  });
}
