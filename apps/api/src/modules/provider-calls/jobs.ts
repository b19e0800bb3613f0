import type { AppDeps } from '../../deps.ts';
import type { JobWorker } from '../../events/kernel.ts';
import { retryWaitingProviderEvents } from './events.ts';
import { PROVIDER_CALLS_JOB } from './record.ts';
import { runDueProviderCalls } from './run.ts';
import { deliverDueSandboxEvents } from './sandbox-webhooks.ts';

export const PROVIDER_EVENTS_JOB = 'provider-events';

/**
 * The work after the webhook: what the sandbox providers have come due (their webhooks) and the
 * events that waited for their object. POST /dev/clock/advance and the worker's tick run it.
 */
export async function processDueProviderEvents(deps: AppDeps): Promise<number> {
  const delivered = deps.config.isSandbox ? await deliverDueSandboxEvents(deps) : 0;
  return delivered + (await retryWaitingProviderEvents(deps));
}

/**
 * `provider-calls` makes the calls it is sent after a commit, and every minute (no ids) sweeps
 * the due ones: retries whose time came, calls whose job was lost, leases that ran out.
 * `provider-events` runs every minute too.
 */
export const providerCallJobs: JobWorker[] = [
  {
    queue: PROVIDER_CALLS_JOB,
    cron: '* * * * *',
    run: (deps, data: { ids?: string[] } | undefined) => runDueProviderCalls(deps, data?.ids ? { ids: data.ids } : {}),
  },
  { queue: PROVIDER_EVENTS_JOB, cron: '* * * * *', run: (deps) => processDueProviderEvents(deps) },
];
