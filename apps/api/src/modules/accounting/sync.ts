import { and, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps.ts';
import { accountingJournalEntries, type AccountingJournalEntry, type JournalLineDraft } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { ProviderCallError } from '../../providers/contract.ts';
import type { ProviderOperation } from '../provider-calls/index.ts';
import {
  ACCOUNTING_PROVIDER,
  AccountingAuthError,
  AccountingReconnectError,
  AccountingValidationFault,
  accountingProvider,
  type JournalLineInput,
  type QbAccount,
} from '../../providers/accounting/index.ts';
import { EXPIRED, NOT_CONNECTED, withQuickbooks } from './connection.ts';
import { JOURNAL_ENTRY_OPERATION } from './journal.ts';
import { readAccountMap } from './mapping.ts';
import { INVOICE_PAID, readEntryContext, type EntryCreator, type EntryInvoice } from './entry-context.ts';

const failure = (code: string, message: string) => new ProviderCallError({ code, retryable: false, message });
/** The code of a call QuickBooks itself refused (a Fault): nothing was posted under its requestid. */
const REFUSED = 'qb_refused_';

/** A creator's own income account (unique income per creator): the active account named after them. */
function creatorAccount(chart: QbAccount[], name: string): QbAccount | undefined {
  const wanted = name.trim().toLowerCase();
  return chart.find((account) => account.Active && account.Name.trim().toLowerCase() === wanted);
}

const dollars = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/**
 * An invoice that funds payments is booked only when it covers their earnings. An invoice above
 * them (the organisation's margin) is booked as it is: the entry is the ledger transfer's, balanced
 * either way, and the margin is the organisation's income.
 */
function checkFundedEarnings(entry: AccountingJournalEntry, invoice: EntryInvoice | null) {
  if (!invoice || !INVOICE_PAID.has(entry.transfer_type) || invoice.funded_count === 0) return;
  if (invoice.funded_earnings > invoice.amount)
    throw failure(
      'funded_earnings_mismatch',
      `The funded payments' earnings (${dollars(invoice.funded_earnings)}) are more than the invoice amount (${dollars(invoice.amount)})`,
    );
}

/** Who a line is about in QuickBooks: the invoice's customer on sales and receivable lines, the creator's vendor on payout lines. */
function entityOf(line: JournalLineDraft, creator: EntryCreator | undefined, invoice: EntryInvoice | null): JournalLineInput['Entity'] {
  if ((line.key === 'sales' || line.key === 'receivable') && invoice?.qb_customer)
    return { Type: 'Customer', EntityRef: { value: invoice.qb_customer.Id, name: invoice.qb_customer.DisplayName } };
  if ((line.key === 'income' || line.key === 'labor') && creator?.qb_vendor)
    return { Type: 'Vendor', EntityRef: { value: creator.qb_vendor.Id, name: creator.qb_vendor.DisplayName } };
  return undefined;
}

/** The drafted lines with QuickBooks accounts, or a failure naming what is not mapped or does not add up. */
async function resolveLines(deps: AppDeps, entry: AccountingJournalEntry, chart: () => Promise<QbAccount[]>): Promise<JournalLineInput[]> {
  const map = await readAccountMap(deps, entry.org_id);
  const context = await readEntryContext(deps, entry);
  const unmapped = [
    ...new Set(entry.lines.map((line) => line.key).filter((key) => !map[key] && !(key === 'income' && map.unique_income_creator))),
  ];
  if (unmapped.length)
    throw failure('unmapped', `The ${unmapped.join(' and ')} account${unmapped.length > 1 ? 's are' : ' is'} not mapped`);
  checkFundedEarnings(entry, context.invoice);
  const resolved: JournalLineInput[] = [];
  for (const line of entry.lines) {
    const creator = context.creators.find((candidate) => candidate.id === line.creator_id);
    let accountId = map[line.key]?.Id;
    if (line.key === 'income' && map.unique_income_creator) {
      accountId = creator?.name ? creatorAccount(await chart(), creator.name)?.Id : undefined;
      if (!accountId) throw failure('unmapped', 'No QuickBooks income account is named after this creator (unique income per creator)');
    }
    if (!accountId) throw failure('unmapped', `The ${line.key} account is not mapped`);
    const Entity = entityOf(line, creator, context.invoice);
    resolved.push({
      Amount: line.amount / 100,
      Description: line.description,
      PostingType: line.posting,
      AccountRef: { value: accountId },
      ...(Entity ? { Entity } : {}),
    });
  }
  return resolved;
}

/** QuickBooks' answers as outbox outcomes: refusals are final (the entry fails with the reason), outages retried. */
function asCallError(error: unknown): never {
  if (error instanceof ProviderCallError) throw error;
  if (error instanceof AccountingValidationFault) throw failure(`${REFUSED}${error.code}`, error.message);
  if (error instanceof AccountingReconnectError || error instanceof AccountingAuthError) throw failure('qb_expired', EXPIRED);
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
          request_id: entry.qb_request_id ?? entry.id,
          TxnDate: entry.created_at.toISOString().slice(0, 10),
          PrivateNote: `Crewpay ${entry.details} (ledger transfer ${entry.ledger_transfer_id})`,
          Line,
        }),
      );
    } catch (error) {
      return asCallError(error);
    }
  },
  async onSucceeded({ tx }, call, response) {
    await tx
      .update(accountingJournalEntries)
      .set({ status: 'succeeded', ref_id: response.Id, error_text: null, date_posted: new Date() })
      .where(and(eq(accountingJournalEntries.id, call.subject_id!), eq(accountingJournalEntries.status, 'pending')));
  },
  async onFailed({ tx }, call, error) {
    // A refused entry is sent under a new requestid next time: Intuit may answer a requestid's first answer again, refusal included.
    const requestId = error.code.startsWith(REFUSED)
      ? { qb_request_id: sql`${accountingJournalEntries.id}::text || '.' || ${accountingJournalEntries.attempt}` }
      : {};
    await tx
      .update(accountingJournalEntries)
      .set({ status: 'failed', error_text: error.message, date_failed: new Date(), ...requestId })
      .where(and(eq(accountingJournalEntries.id, call.subject_id!), eq(accountingJournalEntries.status, 'pending')));
  },
};
