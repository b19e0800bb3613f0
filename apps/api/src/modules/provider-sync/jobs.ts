import type { AppDeps } from '../../deps.ts';
import { sweepMissedEvents } from './missed-events.ts';
import { providerCheck, reportProviderProblems } from './provider-check.ts';

export const MISSED_EVENTS_JOB = 'provider-sync.missed-events';
export const PROVIDER_CHECK_JOB = 'provider-sync.check';

/** The books against the provider, reported (never corrected): the daily job's and `npm run reconcile`'s. */
export async function runProviderCheck(deps: AppDeps) {
  const report = await providerCheck(deps);
  await reportProviderProblems(deps, report.problems);
  return report;
}

/**
 * Outside the sandbox: every hour the events Stripe sent that did not arrive are listed and
 * applied; every day at 06:00 UTC the wallets are compared with the provider's balances.
 */
export async function registerProviderSyncJobs(deps: AppDeps): Promise<void> {
  await deps.jobs.register(MISSED_EVENTS_JOB, async () => {
    await sweepMissedEvents(deps);
  });
  await deps.jobs.schedule(MISSED_EVENTS_JOB, '17 * * * *');
  await deps.jobs.register(PROVIDER_CHECK_JOB, async () => {
    await runProviderCheck(deps);
  });
  await deps.jobs.schedule(PROVIDER_CHECK_JOB, '0 6 * * *');
}
