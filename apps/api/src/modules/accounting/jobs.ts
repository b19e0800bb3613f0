import type { AppDeps } from '../../deps.ts';
import type { JobWorker } from '../../events/kernel.ts';
import { accountingConnections } from '../../db/schema/index.ts';
import { buildJournalEntries } from './journal.ts';

export const ACCOUNTING_SYNC_JOB = 'accounting-sync';

/** Every minute, each connected organisation's new ledger transfers become journal entries (their calls then go out). */
async function syncConnected(deps: AppDeps): Promise<void> {
  const connected = await deps.db.selectDistinct({ org_id: accountingConnections.org_id }).from(accountingConnections);
  for (const { org_id } of connected) await buildJournalEntries(deps, org_id);
}

export const accountingJobs: JobWorker[] = [{ queue: ACCOUNTING_SYNC_JOB, cron: '* * * * *', run: syncConnected }];
