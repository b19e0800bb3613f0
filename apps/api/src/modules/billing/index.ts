import type { ModuleDescriptor } from '../../events/kernel.ts';
import { collectOwedBilling, runMonthlyBilling } from './charges.ts';
import { billingJobs, MONTHLY_BILLING_JOB } from './jobs.ts';

/** The billing module: the standard plan's monthly charge, delinquency and collected fees. */
export const billingModule: ModuleDescriptor = {
  name: 'billing',
  // Money arrived: collect what the organisation owes.
  fundsArrived: [collectOwedBilling],
  queues: [MONTHLY_BILLING_JOB],
  jobs: billingJobs,
  // Moving the sandbox clock past a billing date charges at once, as the minute's job would have meanwhile.
  clockWork: [{ name: 'monthly-billing', run: runMonthlyBilling }],
};
export { runMonthlyBilling } from './charges.ts';
export { billingRoutes } from './routes.ts';
export { MONTHLY_BILLING_JOB } from './jobs.ts';
