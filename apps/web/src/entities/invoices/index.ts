export {
  invoicesQuery,
  uploadInvoiceAttachment,
  useCharges,
  useCreateInvoice,
  useFeeSchedules,
  useFundingInvoice,
  useInvoice,
  useInvoiceReminders,
  useRefundInvoice,
  useUpdateInvoice,
} from './api/invoices.ts';
export { useCampaignReleases, useMarkRelease, usePaymentRelease, useUnmarkRelease } from './api/release.ts';
export { InvoiceStatusChip } from './components/invoice-status.tsx';
export { InvoiceTable } from './components/invoice-table.tsx';
export { useCreateSchedule, useInvoiceSchedule, useStopSchedule, useUpdateSchedule } from './api/schedules.ts';
export { useReminderSettings, useRemindersSent, useSaveReminderSettings } from './api/reminders.ts';
