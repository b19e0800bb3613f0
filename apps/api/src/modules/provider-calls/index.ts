// The outbox of provider calls and the one way provider events come in (docs/providers.md).
export { recordProviderCall, runProviderCallsSoon, PROVIDER_CALLS_JOB, type ProviderCallInput } from './record.ts';
export {
  ProviderCallError,
  registerProviderOperation,
  registerWebhookVerifier,
  WebhookSignatureError,
  type ProviderCallContext,
  type ProviderEventInput,
  type OutcomeEffects,
  type ProviderOperation,
  type WebhookVerifier,
} from './registry.ts';
export { runDueProviderCalls, settleDueProviderCalls, CALL_LEASE_MS, MAX_CALL_ATTEMPTS, callRetryDelayMs } from './run.ts';
export { handleProviderEvent, retryWaitingProviderEvents } from './events.ts';
export { receiveProviderWebhook, INVALID_SIGNATURE } from './receive.ts';
export {
  deliverDueSandboxEvents,
  sandboxEventId,
  sandboxWebhookVerifier,
  scheduleSandboxEvent,
  scheduleSandboxEvents,
  signSandboxWebhook,
  SANDBOX_PROVIDER,
  type SandboxEventInput,
} from './sandbox-webhooks.ts';
export { processDueProviderEvents, registerProviderCallJobs, PROVIDER_EVENTS_JOB } from './jobs.ts';
export { providerWebhookRoutes } from './routes.ts';
