// The outbox of provider calls and the one way provider events come in (docs/providers.md).
export { recordProviderCall, runProviderCallsSoon, PROVIDER_CALLS_JOB, type ProviderCallInput } from './record.ts';
export {
  registerProviderOperation,
  registerWebhookVerifier,
  type ProviderCallContext,
  type OutcomeEffects,
  type ProviderOperation,
} from './registry.ts';
export { runDueProviderCalls, settleDueProviderCalls, CALL_LEASE_MS, MAX_CALL_ATTEMPTS, callRetryDelayMs } from './run.ts';
export { handleProviderEvent, retryWaitingProviderEvents } from './events.ts';
export { receiveProviderWebhook, INVALID_SIGNATURE } from './receive.ts';
export { deliverDueSandboxEvents } from './sandbox-webhooks.ts';
export { processDueProviderEvents, registerProviderCallJobs, PROVIDER_EVENTS_JOB } from './jobs.ts';
export { providerWebhookRoutes } from './routes.ts';
