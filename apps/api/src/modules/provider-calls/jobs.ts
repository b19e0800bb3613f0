import type { AppDeps } from '../../deps.ts';
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
export async function registerProviderCallJobs(deps: AppDeps): Promise<void> {
  await deps.jobs.register<{ ids?: string[] }>(PROVIDER_CALLS_JOB, async (data) => {
    await runDueProviderCalls(deps, data?.ids ? { ids: data.ids } : {});
  });
  await deps.jobs.schedule(PROVIDER_CALLS_JOB, '* * * * *');
  await deps.jobs.register(PROVIDER_EVENTS_JOB, async () => {
    await processDueProviderEvents(deps);
  });
  await deps.jobs.schedule(PROVIDER_EVENTS_JOB, '* * * * *');
}
