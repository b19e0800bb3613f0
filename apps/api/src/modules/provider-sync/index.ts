// The books kept in step with the provider: missed events applied, wallets compared with the provider's balances.
export { MISSED_EVENTS_JOB, PROVIDER_CHECK_JOB, registerProviderSyncJobs, runProviderCheck } from './jobs.ts';
export { sweepMissedEvents } from './missed-events.ts';
export { PROCESSING_WINDOW_MS, providerCheck, type ProviderProblem } from './provider-check.ts';
