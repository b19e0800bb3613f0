/** The billing module: the standard plan's monthly charge, delinquency and collected fees. */
export { collectOwedBilling, runMonthlyBilling } from './charges.ts';
export { billingRoutes } from './routes.ts';
export { MONTHLY_BILLING_JOB, registerBillingJobs } from './jobs.ts';
