import type { AppDeps } from '../../deps.ts';
import type { JobWorker } from '../../events/kernel.ts';
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
export const providerSyncJobs: JobWorker[] = [
  { queue: MISSED_EVENTS_JOB, cron: '17 * * * *', run: (deps) => sweepMissedEvents(deps) },
  { queue: PROVIDER_CHECK_JOB, cron: '0 6 * * *', run: (deps) => runProviderCheck(deps) },
];
