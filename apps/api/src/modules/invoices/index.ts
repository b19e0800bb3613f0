import { underProviders, type ModuleDescriptor } from '../../events/kernel.ts';
import { RAILS_PROVIDERS } from '../../providers/index.ts';
import { achChargeOperation, cardChargeOperation } from './charge-calls.ts';
import { cancelChargeOperation, cancelStuckCharges, STUCK_CHARGES_JOB, stuckChargeJobs } from './charge-cancels.ts';
import { INVOICE_DUNNING_JOB, invoiceDunningJobs, runInvoiceDunning } from './dunning.ts';
import { chargeEvents } from './events.ts';
import { feeRefundOperation } from './fee-refunds.ts';
import { refundOperation } from './refunds.ts';
import { INVOICE_SCHEDULES_JOB, invoiceScheduleJobs, runInvoiceSchedules } from './schedule-runs.ts';

// The invoices module as other modules see it.
export const invoicesModule: ModuleDescriptor = {
  name: 'invoices',
  operations: [
    ...underProviders(RAILS_PROVIDERS, cardChargeOperation),
    ...underProviders(RAILS_PROVIDERS, achChargeOperation),
    ...underProviders(RAILS_PROVIDERS, cancelChargeOperation),
    ...underProviders(RAILS_PROVIDERS, refundOperation),
    ...underProviders(RAILS_PROVIDERS, feeRefundOperation),
  ],
  providerEvents: [chargeEvents],
  queues: [INVOICE_SCHEDULES_JOB, INVOICE_DUNNING_JOB, STUCK_CHARGES_JOB],
  jobs: [...invoiceScheduleJobs, ...invoiceDunningJobs, ...stuckChargeJobs],
  // Moving the sandbox clock sends the recurring invoices, then their reminders, that came due.
  clockWork: [
    { name: 'invoice-schedules', run: runInvoiceSchedules },
    { name: 'invoice-dunning', run: runInvoiceDunning },
    // ... and cancels the payments left waiting for their payer past their time.
    { name: 'invoice-stuck-charges', run: cancelStuckCharges },
  ],
};
export { invoiceRoutes } from './routes.ts';
export { invoicePayRoutes } from './pay-routes.ts';
export { describeInvoiceLink, payInvoiceFromLink } from './pay.ts';
export { feeRefundsInFlight } from './fee-refunds.ts';
export { countUnpaidInvoiceTodos, openInvoiceTotals, unpaidInvoiceTodos } from './home.ts';
export { invoiceScheduleRoutes } from './schedule-routes.ts';
export { invoiceDunningRoutes } from './dunning-routes.ts';
