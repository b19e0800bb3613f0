// The accounting module as other modules see it (docs/accounting.md).
export { accountingRoutes } from './routes.ts';
export { journalEntryOperation } from './sync.ts';
export { ACCOUNTING_SYNC_JOB, registerAccountingJobs } from './jobs.ts';
export { resolveQuickbooksParty } from './parties.ts';
export { buildJournalEntries } from './journal.ts';
