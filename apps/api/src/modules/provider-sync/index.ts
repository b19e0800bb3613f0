import type { ModuleDescriptor } from '../../events/kernel.ts';
import { MISSED_EVENTS_JOB, PROVIDER_CHECK_JOB, providerSyncJobs } from './jobs.ts';

// The books kept in step with the provider: missed events applied, wallets compared with the provider's balances.
export const providerSyncModule: ModuleDescriptor = {
  name: 'provider-sync',
  queues: [MISSED_EVENTS_JOB, PROVIDER_CHECK_JOB],
  jobs: providerSyncJobs,
};
export { providerCheck, type ProviderProblem } from './provider-check.ts';
