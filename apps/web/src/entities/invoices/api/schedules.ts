import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import {
  invoiceScheduleMessages,
  type CreateInvoiceScheduleBody,
  type InvoiceScheduleRecord,
  type UpdateInvoiceScheduleBody,
} from '@crewpay/core';
import { api } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';

/** Recurring invoices: the schedule an invoice repeats on (or was sent by), made, changed and stopped here. */
const scheduleKey = (invoiceId: string) => ['invoices', 'schedule', invoiceId] as const;

function invoiceScheduleQuery(invoiceId: string) {
  return queryOptions({
    queryKey: scheduleKey(invoiceId),
    queryFn: () => api.get<{ schedule: InvoiceScheduleRecord | null }>(`/v1/invoices/${invoiceId}/schedule`),
    enabled: Boolean(invoiceId),
    meta: { errorMessage: 'There was an issue retrieving the schedule' },
  });
}

export function useInvoiceSchedule(invoiceId: string) {
  return useQuery(invoiceScheduleQuery(invoiceId));
}

const refreshSchedules = () => queryClient.invalidateQueries({ queryKey: ['invoices'] });

export function useCreateSchedule() {
  return useMutation({
    mutationFn: ({ invoiceId, body }: { invoiceId: string; body: CreateInvoiceScheduleBody }) =>
      api.post<InvoiceScheduleRecord>(`/v1/invoices/${invoiceId}/schedule`, body),
    onSuccess: refreshSchedules,
    meta: { errorMessage: 'There was an issue making this invoice repeat', successMessage: invoiceScheduleMessages.created },
  });
}

export function useStopSchedule() {
  return useMutation({
    mutationFn: (scheduleId: string) => api.post<InvoiceScheduleRecord>(`/v1/invoice_schedules/${scheduleId}/stop`, {}),
    onSuccess: refreshSchedules,
    meta: { errorMessage: 'There was an issue stopping this schedule', successMessage: invoiceScheduleMessages.stopped },
  });
}

export function useUpdateSchedule() {
  return useMutation({
    mutationFn: ({ scheduleId, body }: { scheduleId: string; body: UpdateInvoiceScheduleBody }) =>
      api.put<InvoiceScheduleRecord>(`/v1/invoice_schedules/${scheduleId}`, body),
    onSuccess: refreshSchedules,
    meta: { errorMessage: 'There was an issue saving this schedule', successMessage: invoiceScheduleMessages.saved },
  });
}
