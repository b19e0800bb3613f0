import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps.ts';
import { accountingJournalEntries } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { runProviderCallsSoon } from '../provider-calls/index.ts';
import { EXPIRED, NOT_CONNECTED } from './connection.ts';
import { recordSync } from './journal.ts';

/**
 * Failed journal entries sent again: one (Retry), all of them (Retry all), or those that failed
 * only for want of a connection (after connecting again). Each is a new attempt and a new call;
 * the requestid stays the entry's unless QuickBooks refused it (sync.ts).
 */

/** A failed entry tried again (after the mapping is fixed): a new attempt, a new call; QuickBooks' requestid stays the entry's. */
export async function retryJournalEntry(deps: AppDeps, org_id: string, id: string) {
  const callId = await deps.db.transaction(async (tx) => {
    const [entry] = await tx
      .update(accountingJournalEntries)
      .set({ status: 'pending', attempt: sql`${accountingJournalEntries.attempt} + 1`, error_text: null, date_failed: null })
      .where(
        and(
          eq(accountingJournalEntries.id, id),
          eq(accountingJournalEntries.org_id, org_id),
          eq(accountingJournalEntries.status, 'failed'),
        ),
      )
      .returning();
    if (entry) return recordSync(tx, entry);
    const [exists] = await tx
      .select({ id: accountingJournalEntries.id })
      .from(accountingJournalEntries)
      .where(and(eq(accountingJournalEntries.id, id), eq(accountingJournalEntries.org_id, org_id)));
    if (!exists) throw new AppError('not_found', 'Not found');
    throw new AppError('conflict', 'Only a failed journal entry can be retried');
  });
  await runProviderCallsSoon(deps, [callId]);
}

/** How many failed entries one Retry all sends again (the rest wait for the next click). */
const RETRY_ALL_BATCH = 1000;

/** Retry all: every failed entry (oldest first, a thousand at a time) gets a new attempt and a new call. */
export async function retryAllFailedEntries(deps: AppDeps, org_id: string): Promise<{ retried: number; remaining: number }> {
  const failed = and(eq(accountingJournalEntries.org_id, org_id), eq(accountingJournalEntries.status, 'failed'));
  const callIds = await deps.db.transaction(async (tx) => {
    const batch = tx
      .select({ id: accountingJournalEntries.id })
      .from(accountingJournalEntries)
      .where(failed)
      .orderBy(accountingJournalEntries.created_at)
      .limit(RETRY_ALL_BATCH)
      .for('update', { skipLocked: true });
    const entries = await tx
      .update(accountingJournalEntries)
      .set({ status: 'pending', attempt: sql`${accountingJournalEntries.attempt} + 1`, error_text: null, date_failed: null })
      .where(and(failed, inArray(accountingJournalEntries.id, batch)))
      .returning();
    const ids: string[] = [];
    for (const entry of entries) ids.push(await recordSync(tx, entry));
    return ids;
  });
  if (callIds.length) await runProviderCallsSoon(deps, callIds);
  const [left] = await deps.db
    .select({ count: sql<number>`count(*)::int` })
    .from(accountingJournalEntries)
    .where(failed);
  return { retried: callIds.length, remaining: left?.count ?? 0 };
}

/**
 * After (re)connecting: the entries that failed only because QuickBooks was not connected or its
 * connection had expired are sent again (new attempts, the same requestid), so nothing that
 * happened while disconnected is left out of the books.
 */
export async function retryEntriesFailedForConnection(deps: AppDeps, org_id: string): Promise<void> {
  const callIds = await deps.db.transaction(async (tx) => {
    const entries = await tx
      .update(accountingJournalEntries)
      .set({ status: 'pending', attempt: sql`${accountingJournalEntries.attempt} + 1`, error_text: null, date_failed: null })
      .where(
        and(
          eq(accountingJournalEntries.org_id, org_id),
          eq(accountingJournalEntries.status, 'failed'),
          inArray(accountingJournalEntries.error_text, [NOT_CONNECTED, EXPIRED]),
        ),
      )
      .returning();
    const ids: string[] = [];
    for (const entry of entries) ids.push(await recordSync(tx, entry));
    return ids;
  });
  if (callIds.length) await runProviderCallsSoon(deps, callIds);
}
