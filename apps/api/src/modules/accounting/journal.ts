import { and, desc, eq, inArray, isNull, notInArray } from 'drizzle-orm';
import type { AppDeps } from '../../deps.ts';
import {
  accountingAccountMaps,
  accountingConnections,
  accountingJournalEntries,
  creators,
  invoices,
  ledgerAccounts,
  ledgerEntries,
  ledgerTransfers,
  payments,
  type AccountingJournalEntry,
  type LedgerAccountKind,
} from '../../db/schema/index.ts';
import { newId } from '../../lib/ids.ts';
import { AppError } from '../../lib/errors.ts';
import { afterPosition, cursorMicros, decodeCursor, encodeCursor } from '../../lib/keyset.ts';
import { recordProviderCall, runProviderCallsSoon } from '../provider-calls/index.ts';
import { ACCOUNTING_PROVIDER } from '../../providers/accounting/index.ts';
import { draftJournalEntry, NOT_BOOKED, type TransferForBooks } from './drafts.ts';
import { needsReconnect } from './connection.ts';

export const JOURNAL_ENTRY_OPERATION = 'journal_entry.create';
const SWEEP_BATCH = 200;

const callKey = (entry: Pick<AccountingJournalEntry, 'id' | 'attempt'>) => `qb-je:${entry.id}:${entry.attempt}`;

/** The organisation's ledger transfers that have no journal entry yet, with their entries and payout creator. */
async function unbookedTransfers(
  deps: Pick<AppDeps, 'db'>,
  org_id: string,
): Promise<(TransferForBooks & { campaign_id: string | null })[]> {
  const rows = await deps.db
    .select({ id: ledgerTransfers.id, type: ledgerTransfers.type, metadata: ledgerTransfers.metadata })
    .from(ledgerTransfers)
    .leftJoin(accountingJournalEntries, eq(accountingJournalEntries.ledger_transfer_id, ledgerTransfers.id))
    // Types never booked are left out here, so they never fill a batch and hold the rest back.
    .where(and(eq(ledgerTransfers.org_id, org_id), isNull(accountingJournalEntries.id), notInArray(ledgerTransfers.type, [...NOT_BOOKED])))
    .orderBy(ledgerTransfers.created_at)
    .limit(SWEEP_BATCH);
  if (rows.length === 0) return [];
  const entries = await deps.db
    .select({ transfer_id: ledgerEntries.transfer_id, kind: ledgerAccounts.kind, amount: ledgerEntries.amount })
    .from(ledgerEntries)
    // The books are kept in dollars: a conversion's other currency leg is not booked (its dollar leg is).
    .innerJoin(ledgerAccounts, and(eq(ledgerAccounts.id, ledgerEntries.account_id), eq(ledgerAccounts.currency, 'usd')))
    .where(
      inArray(
        ledgerEntries.transfer_id,
        rows.map((row) => row.id),
      ),
    );
  const paymentIds = rows.map((row) => row.metadata.payment_id).filter((id): id is string => !!id);
  const paid = paymentIds.length
    ? await deps.db
        .select({ payment_id: payments.id, creator_id: creators.id, is_w2: creators.is_w2, campaign_id: payments.payment_group_id })
        .from(payments)
        .innerJoin(creators, eq(creators.id, payments.recipient))
        .where(and(eq(payments.org_id, org_id), inArray(payments.id, paymentIds)))
    : [];
  const invoiceIds = rows.map((row) => row.metadata.invoice_id).filter((id): id is string => !!id);
  const invoiced = invoiceIds.length
    ? await deps.db
        .select({ invoice_id: invoices.id, campaign_id: invoices.payment_group_id })
        .from(invoices)
        .where(and(eq(invoices.org_id, org_id), inArray(invoices.id, invoiceIds)))
    : [];
  return rows.map((row) => {
    const payment = paid.find((candidate) => candidate.payment_id === row.metadata.payment_id);
    const invoice = invoiced.find((candidate) => candidate.invoice_id === row.metadata.invoice_id);
    return {
      ...row,
      entries: entries
        .filter((entry) => entry.transfer_id === row.id)
        .map((entry) => ({ kind: entry.kind as LedgerAccountKind, amount: entry.amount })),
      creator: payment ? { id: payment.creator_id, is_w2: payment.is_w2 } : null,
      campaign_id: payment?.campaign_id ?? invoice?.campaign_id ?? null,
    };
  });
}

/**
 * Whether the books may be brought up to date: QuickBooks is connected (and needs no reconnecting)
 * and the mapping is saved with the clearing account, which every entry uses. Mapping comes first,
 * so connecting never starts with a wall of entries failing for want of accounts.
 */
async function isReadyToSync(deps: Pick<AppDeps, 'db' | 'config'>, org_id: string): Promise<boolean> {
  const [row] = await deps.db
    .select({ connection: accountingConnections, clearing: accountingAccountMaps.clearing })
    .from(accountingConnections)
    .leftJoin(accountingAccountMaps, eq(accountingAccountMaps.org_id, accountingConnections.org_id))
    .where(eq(accountingConnections.org_id, org_id));
  return Boolean(row && row.clearing && !needsReconnect(deps, row.connection));
}

/**
 * Brings the books up to date: one journal entry per ledger transfer (the unique transfer id
 * makes a racing second sweep insert nothing), each with its sync call recorded in the same
 * transaction; the calls are made after the commit. Transfers that are not booked get no row
 * and are looked at again, which costs one query per sweep.
 */
export async function buildJournalEntries(deps: AppDeps, org_id: string): Promise<void> {
  if (!(await isReadyToSync(deps, org_id))) return;
  const transfers = await unbookedTransfers(deps, org_id);
  const drafts = transfers.flatMap((transfer) => {
    const draft = draftJournalEntry(transfer);
    return draft ? [{ transfer, draft }] : [];
  });
  if (drafts.length === 0) return;
  const callIds = await deps.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(accountingJournalEntries)
      .values(
        drafts.map(({ transfer, draft }) => ({
          id: newId(),
          org_id,
          ledger_transfer_id: transfer.id,
          transfer_type: transfer.type,
          campaign_id: transfer.campaign_id,
          ...draft,
        })),
      )
      .onConflictDoNothing({ target: accountingJournalEntries.ledger_transfer_id })
      .returning();
    const ids: string[] = [];
    for (const entry of inserted) ids.push(await recordSync(tx, entry));
    return ids;
  });
  await runProviderCallsSoon(deps, callIds);
}

/** Records the entry's sync call (provider_calls) in the caller's transaction; made after the commit. */
export function recordSync(tx: Parameters<Parameters<AppDeps['db']['transaction']>[0]>[0], entry: AccountingJournalEntry) {
  return recordProviderCall(tx, {
    org_id: entry.org_id,
    provider: ACCOUNTING_PROVIDER,
    operation: JOURNAL_ENTRY_OPERATION,
    idempotency_key: callKey(entry),
    subject_id: entry.id,
    request: { journal_entry_id: entry.id },
  });
}

/**
 * The organisation's entries, newest first, `limit` at a time: after a cursor (starting_after, an
 * entry's `cursor`) the page is found by keyset on (created_at, id), so a deep page costs what the
 * first does. The answer stays the spec's array of entries.
 */
export async function listJournalEntries(
  deps: Pick<AppDeps, 'db'>,
  org_id: string,
  query: {
    campaign_id?: string | undefined;
    status?: AccountingJournalEntry['status'] | undefined;
    limit: number;
    starting_after?: string | undefined;
  },
) {
  const position = query.starting_after ? decodeCursor(query.starting_after) : null;
  const rows = await deps.db
    .select({ entry: accountingJournalEntries, cursor_us: cursorMicros(accountingJournalEntries.created_at) })
    .from(accountingJournalEntries)
    .where(
      and(
        eq(accountingJournalEntries.org_id, org_id),
        query.campaign_id ? eq(accountingJournalEntries.campaign_id, query.campaign_id) : undefined,
        query.status ? eq(accountingJournalEntries.status, query.status) : undefined,
        position ? afterPosition(accountingJournalEntries.created_at, accountingJournalEntries.id, position) : undefined,
      ),
    )
    .orderBy(desc(accountingJournalEntries.created_at), desc(accountingJournalEntries.id))
    .limit(query.limit);
  return rows.map(({ entry, cursor_us }) => toJournalEntryRecord(entry, cursor_us));
}

const iso = (value: Date | null) => value?.toISOString() ?? null;

function toJournalEntryRecord(row: AccountingJournalEntry, cursor_us: string) {
  return {
    id: row.id,
    Metadata: { Create_Time: row.created_at.toISOString() },
    Details: row.details,
    Status: row.status,
    transfer_type: row.transfer_type,
    amount: row.total,
    ref_id: row.ref_id,
    error_text: row.error_text,
    date_posted: iso(row.date_posted),
    date_failed: iso(row.date_failed),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    cursor: encodeCursor({ created_us: cursor_us, id: row.id }),
  };
}

export async function findJournalEntry(deps: Pick<AppDeps, 'db'>, org_id: string, id: string) {
  const [row] = await deps.db
    .select({ entry: accountingJournalEntries, cursor_us: cursorMicros(accountingJournalEntries.created_at) })
    .from(accountingJournalEntries)
    .where(and(eq(accountingJournalEntries.id, id), eq(accountingJournalEntries.org_id, org_id)));
  if (!row) throw new AppError('not_found', 'Not found');
  return toJournalEntryRecord(row.entry, row.cursor_us);
}
