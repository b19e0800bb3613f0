import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';

export type LedgerEntryInput = { account_id: string; amount: number };

export type PostTransferOptions = {
  org_id: string;
  /** Unique per organisation: posting the same key twice moves money once. */
  key: string;
  type: string;
  memo?: string;
  metadata?: Record<string, string>;
  entries: LedgerEntryInput[];
};

export type PostedTransfer = { id: string; isNew: boolean };

export const INSUFFICIENT_FUNDS_MESSAGE = 'There are not enough funds in your wallet for this';

function checkEntries(entries: LedgerEntryInput[]): Map<string, number> {
  if (entries.length < 2) throw new Error('A ledger transfer needs at least two entries');
  const byAccount = new Map<string, number>();
  let sum = 0;
  for (const entry of entries) {
    if (!Number.isSafeInteger(entry.amount) || entry.amount === 0) throw new Error(`Invalid ledger amount ${entry.amount}`);
    sum += entry.amount;
    byAccount.set(entry.account_id, (byAccount.get(entry.account_id) ?? 0) + entry.amount);
  }
  if (sum !== 0) throw new Error(`Ledger entries must sum to zero, got ${sum}`);
  return byAccount;
}

/**
 * Posts one balanced double-entry transfer inside the caller's transaction, in one statement (one
 * round trip) whose parts run in this order:
 * 1. the transfer (a repeated idempotency key inserts nothing: the rest then does nothing either,
 *    and the first transfer's id is looked up);
 * 2. its entries;
 * 3. the balances: the accounts are locked in id order (so two transfers over the same accounts
 *    never deadlock) and updated together, skipping any row that would go below zero, which
 *    refuses the transfer. The database CHECK on ledger_accounts is the last line: no code path
 *    can overdraw a wallet.
 */
export async function postTransfer(tx: DbOrTx, options: PostTransferOptions): Promise<PostedTransfer> {
  const deltas = checkEntries(options.entries);
  const accountIds = [...deltas.keys()].sort();
  const transferId = newId();
  const entryValues = options.entries.map((entry) => sql`(${newId()}::uuid, ${entry.account_id}::uuid, ${entry.amount}::bigint)`);
  const deltaValues = accountIds.map((id) => sql`(${id}::uuid, ${deltas.get(id) ?? 0}::bigint)`);
  const accountList = sql.join(
    accountIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  // Every updated row comes out of "locked", which locks in id order: the lock order is the id order.
  // NO KEY UPDATE is the lock an UPDATE takes; it lets the entries' foreign-key checks through.
  const result = await tx.execute<{ inserted: boolean; updated: number }>(sql`
    WITH t AS (
      INSERT INTO ledger_transfers (id, org_id, idempotency_key, type, memo, metadata)
      VALUES (${transferId}, ${options.org_id}, ${options.key}, ${options.type}, ${options.memo ?? ''}, ${JSON.stringify(options.metadata ?? {})}::jsonb)
      ON CONFLICT (org_id, idempotency_key) DO NOTHING
      RETURNING id
    ), e AS (
      INSERT INTO ledger_entries (id, transfer_id, account_id, amount)
      SELECT v.id, t.id, v.account_id, v.amount FROM t, (VALUES ${sql.join(entryValues, sql`, `)}) AS v(id, account_id, amount)
    ), locked AS MATERIALIZED (
      SELECT id FROM ledger_accounts
      WHERE org_id = ${options.org_id} AND id IN (${accountList}) AND EXISTS (SELECT 1 FROM t)
      ORDER BY id FOR NO KEY UPDATE
    ), u AS (
      UPDATE ledger_accounts AS a SET balance = a.balance + v.delta
      FROM locked JOIN (VALUES ${sql.join(deltaValues, sql`, `)}) AS v(id, delta) ON v.id = locked.id
      WHERE a.id = locked.id AND (a.allow_negative OR a.balance + v.delta >= 0)
      RETURNING a.id
    )
    SELECT EXISTS (SELECT 1 FROM t) AS inserted, (SELECT count(*) FROM u)::int AS updated`);
  const outcome = result.rows[0]!;
  if (!outcome.inserted) {
    const existing = await tx.execute<{ id: string }>(
      sql`SELECT id FROM ledger_transfers WHERE org_id = ${options.org_id} AND idempotency_key = ${options.key}`,
    );
    const row = existing.rows[0];
    if (!row) throw new Error('Ledger transfer conflict without a row');
    return { id: row.id, isNew: false };
  }
  if (outcome.updated !== accountIds.length) {
    const found = await tx.execute<{ count: string }>(
      sql`SELECT COUNT(*)::text AS count FROM ledger_accounts WHERE org_id = ${options.org_id} AND id IN (${accountList})`,
    );
    if (Number(found.rows[0]?.count) !== accountIds.length)
      throw new Error('A ledger account of this transfer does not exist in the organisation');
    // The caller's transaction rolls back: the rows already updated and the transfer go with it.
    throw new AppError('insufficient_funds', INSUFFICIENT_FUNDS_MESSAGE);
  }
  return { id: transferId, isNew: true };
}
