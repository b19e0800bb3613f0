import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { CreateScheduleBody, ScheduleRecord } from '@crewpay/core';
import { api } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { queryClient } from '../../../lib/query-client.ts';

const scheduleKeys = {
  all: ['payment-schedules'] as const,
  of: (paymentId: string | null) => ['payment-schedules', paymentId] as const,
};

/** The active schedules (Home's upcoming payments), or one payment's schedules when `paymentId` is given. */
function schedulesQuery(paymentId: string | null) {
  return queryOptions({
    queryKey: scheduleKeys.of(paymentId),
    queryFn: () =>
      api.get<{ data: ScheduleRecord[] }>('/v1/payment_schedules', paymentId ? { query: { payment_id: paymentId } } : undefined),
    select: (answer) => answer.data,
    meta: { errorMessage: 'There was an issue retrieving your scheduled payments' },
  });
}

export const usePaymentSchedules = (paymentId: string | null) => useQuery(schedulesQuery(paymentId));

export function useSchedulePayments() {
  return useMutation({
    mutationFn: (body: CreateScheduleBody) => api.post<{ message: string; data: ScheduleRecord[] }>('/v1/payment_schedules', body),
    onSuccess: async (answer) => {
      notifySuccess(answer.message);
      await queryClient.invalidateQueries({ queryKey: scheduleKeys.all });
    },
    meta: { errorMessage: 'There was an issue scheduling your payments' },
  });
}

export function useCancelSchedule() {
  return useMutation({
    mutationFn: (id: string) => api.delete<ScheduleRecord>(`/v1/payment_schedules/${id}`),
    onSuccess: async () => {
      notifySuccess('Schedule cancelled');
      await queryClient.invalidateQueries({ queryKey: scheduleKeys.all });
    },
    meta: { errorMessage: 'There was an issue cancelling the schedule' },
  });
}
