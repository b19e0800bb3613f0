// The accounting module as other modules see it (docs/accounting.md).
export { accountingRoutes } from './routes.ts';
export { journalEntryOperation } from './sync.ts';
export { buildJournalEntries, registerAccountingJobs, ACCOUNTING_SYNC_JOB } from './jobs.ts';
export { resolveQuickbooksParty, type QuickbooksPartyKind } from './parties.ts';
