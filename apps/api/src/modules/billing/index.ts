/** The billing module: the standard plan's monthly charge, delinquency and collected fees. */
export { billOrg, collectOwedBilling, runMonthlyBilling, MONTHLY_FEE_TRANSFER_TYPE } from './charges.ts';
export { billingRoutes } from './routes.ts';
export { registerBillingJobs, MONTHLY_BILLING_JOB } from './jobs.ts';
