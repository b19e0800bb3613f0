import type { JobWorker } from '../../events/kernel.ts';
import { runMonthlyBilling } from './charges.ts';

export const MONTHLY_BILLING_JOB = 'billing.charge_due';

/**
 * The monthly charge runs every minute against the sandbox clock: cheap (one query finds the
 * organisations due or owing), and a clock moved a month ahead is billed within a minute.
 */
export const billingJobs: JobWorker[] = [{ queue: MONTHLY_BILLING_JOB, cron: '* * * * *', run: (deps) => runMonthlyBilling(deps) }];
