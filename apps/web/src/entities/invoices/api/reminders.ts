import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { reminderMessages, type InvoiceReminderRecord, type ReminderSettingsBody, type ReminderSettingsRecord } from '@crewpay/core';
import { api } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';

/** Dunning: the organisation's reminder schedule (Settings) and the reminders an invoice was sent (its page). */
const settingsKey = ['invoice-reminder-settings'] as const;

const reminderSettingsQuery = queryOptions({
  queryKey: settingsKey,
  queryFn: () => api.get<ReminderSettingsRecord>('/v1/invoice_reminder_settings'),
  meta: { errorMessage: 'There was an issue retrieving the reminder schedule' },
});

export function useReminderSettings() {
  return useQuery(reminderSettingsQuery);
}

export function useSaveReminderSettings() {
  return useMutation({
    mutationFn: (body: ReminderSettingsBody) => api.put<ReminderSettingsRecord>('/v1/invoice_reminder_settings', body),
    onSuccess: (saved) => queryClient.setQueryData(settingsKey, saved),
    meta: { errorMessage: 'There was an issue saving the reminder schedule', successMessage: reminderMessages.saved },
  });
}

export function useRemindersSent(invoiceId: string) {
  return useQuery(
    queryOptions({
      queryKey: ['invoices', 'reminders', invoiceId],
      queryFn: () => api.get<{ reminders: InvoiceReminderRecord[] }>(`/v1/invoices/${invoiceId}/reminders`),
      enabled: Boolean(invoiceId),
      meta: { errorMessage: 'There was an issue retrieving the reminders' },
    }),
  );
}
