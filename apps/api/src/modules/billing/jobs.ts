import type { Db } from '../../db/client.ts';
import type { Jobs } from '../../jobs/jobs.ts';
import { runMonthlyBilling } from './charges.ts';

export const MONTHLY_BILLING_JOB = 'billing.charge_due';

/**
 * The monthly charge runs every minute against the sandbox clock: cheap (one query finds the
 * organisations due or owing), and a clock moved a month ahead is billed within a minute.
 */
export async function registerBillingJobs(options: { db: Db; jobs: Jobs }): Promise<void> {
  await options.jobs.register(MONTHLY_BILLING_JOB, async () => {
    await runMonthlyBilling(options.db);
  });
  await options.jobs.schedule(MONTHLY_BILLING_JOB, '* * * * *');
}
