import type { ModuleDescriptor } from '../../events/kernel.ts';
import { liveWebhookVerifiers } from '../../providers/index.ts';
import { sandboxWebhookVerifier } from '../../providers/sandbox-events.ts';
import { PROVIDER_EVENTS_JOB, providerCallJobs } from './jobs.ts';
import { PROVIDER_CALLS_JOB } from './record.ts';
import { providerOutboxProblems } from './reconcile.ts';

// The outbox of provider calls and the one way provider events come in (docs/providers.md).
export const providerCallsModule: ModuleDescriptor = {
  name: 'provider-calls',
  // The sandbox's webhooks and the real money providers' (each capability's own verifier).
  webhookVerifiers: [sandboxWebhookVerifier, ...liveWebhookVerifiers],
  queues: [PROVIDER_CALLS_JOB, PROVIDER_EVENTS_JOB],
  jobs: providerCallJobs,
  // Calls no operation made and events no handler applied, listed by `npm run reconcile`.
  reconcileChecks: [providerOutboxProblems],
};
export { PROVIDER_CALLS_JOB, recordProviderCall, recordProviderCalls, runProviderCallsSoon } from './record.ts';
export type { ProviderCallContext, ProviderOperation } from './registry.ts';
export { CALL_LEASE_MS, MAX_CALL_ATTEMPTS, runDueProviderCalls, settleDueProviderCalls } from './run.ts';
export { handleProviderEvent, retryWaitingProviderEvents, storeProviderEvents } from './events.ts';
export { acceptProviderEvents, receiveProviderWebhook } from './receive.ts';
export { deliverDueSandboxEvents } from './sandbox-webhooks.ts';
export { processDueProviderEvents, PROVIDER_EVENTS_JOB } from './jobs.ts';
export { providerWebhookRoutes } from './routes.ts';
export { withLookUp, type LookUpContext } from './look-up.ts';
