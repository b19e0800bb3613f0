// The invoices module as other modules see it.
export { invoiceRoutes } from './routes.ts';
export { invoicePayRoutes } from './pay-routes.ts';
export { describeInvoiceLink, payInvoiceFromLink } from './pay.ts';
export { achChargeOperation, cardChargeOperation } from './charge-calls.ts';
export { feeRefundOperation, feeRefundsInFlight } from './fee-refunds.ts';
export { refundOperation } from './refunds.ts';
export { chargeEvents } from './events.ts';
export { countUnpaidInvoiceTodos, openInvoiceTotals, unpaidInvoiceTodos } from './home.ts';
export { invoiceScheduleRoutes } from './schedule-routes.ts';
export { INVOICE_SCHEDULES_JOB, registerInvoiceScheduleJobs, runInvoiceSchedules } from './schedule-runs.ts';
export { invoiceDunningRoutes } from './dunning-routes.ts';
export { INVOICE_DUNNING_JOB, registerInvoiceDunningJobs, runInvoiceDunning } from './dunning.ts';
