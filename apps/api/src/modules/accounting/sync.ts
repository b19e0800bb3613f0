import { and, eq, inArray } from 'drizzle-orm';
import type { AppDeps } from '../../deps.ts';
import { accountingJournalEntries, creators, type AccountingJournalEntry, type JournalLineDraft } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { ProviderCallError, type ProviderOperation } from '../provider-calls/index.ts';
import {
  ACCOUNTING_PROVIDER,
  AccountingAuthError,
  AccountingValidationFault,
  accountingProvider,
  type JournalLineInput,
  type QbAccount,
} from '../../providers/accounting/index.ts';
import { NOT_CONNECTED, withQuickbooks } from './connection.ts';
import { JOURNAL_ENTRY_OPERATION } from './journal.ts';
import { readAccountMap } from './mapping.ts';

const failure = (code: string, message: string) => new ProviderCallError({ code, retryable: false, message });

/** A creator's own income account (unique income per creator): the active account named after them. */
function creatorAccount(chart: QbAccount[], name: string): QbAccount | undefined {
  const wanted = name.trim().toLowerCase();
  return chart.find((account) => account.Active && account.Name.trim().toLowerCase() === wanted);
}

/** The drafted lines with QuickBooks accounts, or a failure naming what is not mapped. */
async function resolveLines(deps: AppDeps, entry: AccountingJournalEntry, chart: () => Promise<QbAccount[]>): Promise<JournalLineInput[]> {
  const map = await readAccountMap(deps, entry.org_id);
  const creatorIds = entry.lines.flatMap((line) => (line.creator_id ? [line.creator_id] : []));
  const names = creatorIds.length
    ? await deps.db
        .select({ id: creators.id, first_name: creators.first_name, last_name: creators.last_name, business_name: creators.business_name })
        .from(creators)
        .where(and(eq(creators.org_id, entry.org_id), inArray(creators.id, creatorIds)))
    : [];
  const resolved: JournalLineInput[] = [];
  const unmapped = [...new Set(entry.lines.map((line) => line.key).filter((key) => !map[key] && !(key === 'income' && map.unique_income_creator)))];
  if (unmapped.length)
    throw failure('unmapped', `The ${unmapped.join(' and ')} account${unmapped.length > 1 ? 's are' : ' is'} not mapped`);
  for (const line of entry.lines as JournalLineDraft[]) {
    let accountId = map[line.key]?.Id;
    if (line.key === 'income' && map.unique_income_creator) {
      const creator = names.find((candidate) => candidate.id === line.creator_id);
      const name = creator?.business_name || [creator?.first_name, creator?.last_name].filter(Boolean).join(' ');
      accountId = name ? creatorAccount(await chart(), name)?.Id : undefined;
      if (!accountId) throw failure('unmapped', 'No QuickBooks income account is named after this creator (unique income per creator)');
    }
    if (!accountId) throw failure('unmapped', `The ${line.key} account is not mapped`);
    resolved.push({ Amount: line.amount / 100, Description: line.description, PostingType: line.posting, AccountRef: { value: accountId } });
  }
  return resolved;
}

/** QuickBooks' answers as outbox outcomes: refusals are final (the entry fails with the reason), outages retried. */
function asCallError(error: unknown): never {
  if (error instanceof ProviderCallError) throw error;
  if (error instanceof AccountingValidationFault) throw failure(`qb_${error.code}`, error.message);
  if (error instanceof AccountingAuthError) throw failure('qb_auth', 'The QuickBooks connection has expired: connect again');
  if (error instanceof AppError && error.message === NOT_CONNECTED) throw failure('not_connected', NOT_CONNECTED);
  throw new ProviderCallError({ code: 'qb_unavailable', retryable: true });
}

type SyncRequest = { journal_entry_id: string };

/** Creates the entry in QuickBooks with its own id as requestid: a retried or repeated call is one entry there. */
export const journalEntryOperation: ProviderOperation<SyncRequest, { Id: string }> = {
  provider: ACCOUNTING_PROVIDER,
  operation: JOURNAL_ENTRY_OPERATION,
  async call(deps, request, ctx) {
    const [entry] = await deps.db
      .select()
      .from(accountingJournalEntries)
      .where(and(eq(accountingJournalEntries.id, request.journal_entry_id), eq(accountingJournalEntries.org_id, ctx.org_id)));
    if (!entry) throw failure('not_found', 'The journal entry no longer exists');
    try {
      let chart: QbAccount[] | undefined;
      const readChart = async () =>
        (chart ??= await withQuickbooks(deps, entry.org_id, (auth) => accountingProvider(deps).listAccounts(auth)));
      const Line = await resolveLines(deps, entry, readChart);
      return await withQuickbooks(deps, entry.org_id, (auth) =>
        accountingProvider(deps).createJournalEntry(auth, {
          request_id: entry.id,
          TxnDate: entry.created_at.toISOString().slice(0, 10),
          PrivateNote: `Crewpay ${entry.details} (ledger transfer ${entry.ledger_transfer_id})`,
          Line,
        }),
      );
    } catch (error) {
      return asCallError(error);
    }
  },
  async onSucceeded(tx, call, response) {
    await tx
      .update(accountingJournalEntries)
      .set({ status: 'succeeded', ref_id: response.Id, error_text: null, date_posted: new Date() })
      .where(and(eq(accountingJournalEntries.id, call.subject_id!), eq(accountingJournalEntries.status, 'pending')));
  },
  async onFailed(tx, call, error) {
    await tx
      .update(accountingJournalEntries)
      .set({ status: 'failed', error_text: error.message, date_failed: new Date() })
      .where(and(eq(accountingJournalEntries.id, call.subject_id!), eq(accountingJournalEntries.status, 'pending')));
  },
};
