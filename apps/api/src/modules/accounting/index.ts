import type { AnyProviderOperation, ModuleDescriptor } from '../../events/kernel.ts';
import { ACCOUNTING_SYNC_JOB, accountingJobs } from './jobs.ts';
import { journalEntryOperation } from './sync.ts';

// The accounting module as other modules see it (docs/accounting.md).
export const accountingModule: ModuleDescriptor = {
  name: 'accounting',
  // QuickBooks Online: a provider of its own.
  operations: [journalEntryOperation as unknown as AnyProviderOperation],
  queues: [ACCOUNTING_SYNC_JOB],
  jobs: accountingJobs,
};
export { accountingRoutes } from './routes.ts';
export { ACCOUNTING_SYNC_JOB } from './jobs.ts';
export { resolveQuickbooksParty } from './parties.ts';
export { buildJournalEntries } from './journal.ts';
