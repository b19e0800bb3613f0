import type { AppDeps } from '../../deps.ts';
import { accountingConnections } from '../../db/schema/index.ts';
import { buildJournalEntries } from './journal.ts';

export { buildJournalEntries };
export const ACCOUNTING_SYNC_JOB = 'accounting-sync';

/** Every minute, each connected organisation's new ledger transfers become journal entries (their calls then go out). */
export async function registerAccountingJobs(deps: AppDeps): Promise<void> {
  await deps.jobs.register(ACCOUNTING_SYNC_JOB, async () => {
    const connected = await deps.db.selectDistinct({ org_id: accountingConnections.org_id }).from(accountingConnections);
    for (const { org_id } of connected) await buildJournalEntries(deps, org_id);
  });
  await deps.jobs.schedule(ACCOUNTING_SYNC_JOB, '* * * * *');
}
