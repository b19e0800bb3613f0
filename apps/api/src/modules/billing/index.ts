import type { ModuleDescriptor } from '../../events/kernel.ts';
import { collectOwedBilling } from './charges.ts';
import { billingJobs, MONTHLY_BILLING_JOB } from './jobs.ts';

/** The billing module: the standard plan's monthly charge, delinquency and collected fees. */
export const billingModule: ModuleDescriptor = {
  name: 'billing',
  // Money arrived: collect what the organisation owes.
  fundsArrived: [collectOwedBilling],
  queues: [MONTHLY_BILLING_JOB],
  jobs: billingJobs,
};
export { runMonthlyBilling } from './charges.ts';
export { billingRoutes } from './routes.ts';
export { MONTHLY_BILLING_JOB } from './jobs.ts';
