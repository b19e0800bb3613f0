// The payments module as other modules see it.
export { payoutEvents } from './events.ts';
export { loadRecipients, recipientName } from './recipients.ts';
export { reconcilePayments } from './reconcile.ts';
export { applyPayeeDetails, describePayeeLink, submitPayeeLink } from './payee.ts';
export { createPayoutsOperation, type PayoutCallRequest } from './payout-calls.ts';
export { paypalPollOperation } from './paypal-poll.ts';
export { paymentRoutes } from './routes.ts';
export { paymentUploadRoutes } from './upload-routes.ts';
export { paymentReleaseRoutes } from './release-routes.ts';
export { holdReleasesOnDispute, releasePaidInvoices, setPaymentReleaseDeps } from './release-run.ts';
export { followDisputeClose } from './release-disputes.ts';
export { paymentScheduleRoutes } from './schedule-routes.ts';
export { PAYMENT_SCHEDULES_JOB, registerScheduleJobs } from './schedule-jobs.ts';
export { runDueSchedules } from './schedule-runs.ts';
export { approvalRoutes } from './approval-routes.ts';
export { paymentGateRoutes } from './gate-routes.ts';
export { releaseGatedPayments, setPaymentGateDeps } from './gate-release.ts';
export {
  BACKUP_WITHHOLDING_RATE,
  findBackupWithholding,
  isBackupWithholdingOn,
  setBackupWithholding,
} from './backup-withholding-records.ts';
export { emailPayeeWhenPaid } from './payee-paid.ts';
