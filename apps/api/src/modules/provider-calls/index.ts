// The outbox of provider calls and the one way provider events come in (docs/providers.md).
export { PROVIDER_CALLS_JOB, recordProviderCall, runProviderCallsSoon } from './record.ts';
export {
  providerOperationFor,
  registerProviderOperation,
  registerWebhookVerifier,
  webhookVerifierFor,
  type OutcomeEffects,
  type ProviderCallContext,
  type ProviderOperation,
} from './registry.ts';
export { CALL_LEASE_MS, MAX_CALL_ATTEMPTS, runDueProviderCalls, settleDueProviderCalls } from './run.ts';
export { handleProviderEvent, retryWaitingProviderEvents, storeProviderEvents } from './events.ts';
export { acceptProviderEvents, receiveProviderWebhook } from './receive.ts';
export { deliverDueSandboxEvents } from './sandbox-webhooks.ts';
export { processDueProviderEvents, PROVIDER_EVENTS_JOB, registerProviderCallJobs } from './jobs.ts';
export { providerWebhookRoutes } from './routes.ts';
export { providerOutboxProblems } from './reconcile.ts';
