import type { QueryResult } from 'pg';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { countLedgerTransfer } from '../../lib/metrics.ts';
import { newId } from '../../lib/ids.ts';

export type LedgerEntryInput = { account_id: string; amount: number };

type PostTransferOptions = {
  org_id: string;
  /** Unique per organisation: posting the same key twice moves money once. */
  key: string;
  type: string;
  memo?: string;
  metadata?: Record<string, string>;
  entries: LedgerEntryInput[];
};

export type PostedTransfer = { id: string; isNew: boolean };

const INSUFFICIENT_FUNDS_MESSAGE = 'There are not enough funds in your wallet for this';

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
 * The whole posting in one statement, whose parts run in this order:
 * 1. the transfer ($1-$6; a repeated idempotency key inserts nothing: the rest then does nothing
 *    either, and `existing_id` answers the first transfer when this statement can see it);
 * 2. its entries (ids $7, accounts $8, amounts $9, one array element per entry);
 * 3. the balances (accounts $10 sorted by id, their summed deltas $11): the accounts are locked in
 *    id order (so two transfers over the same accounts never deadlock) and updated together,
 *    skipping any row that would go below zero, which refuses the transfer. The database CHECK on
 *    ledger_accounts is the last line: no code path can overdraw a wallet.
 * NO KEY UPDATE is the lock an UPDATE takes; it lets the entries' foreign-key checks through.
 *
 * Its text never changes (the entries travel as arrays), so it is a named prepared statement:
 * PostgreSQL parses and plans it once per connection instead of on every transfer, which cost as
 * much CPU as the posting itself (issue 15).
 */
const POST_TRANSFER_STATEMENT = 'ledger_post_transfer_v1';
const POST_TRANSFER_SQL = `
WITH t AS (
  INSERT INTO ledger_transfers (id, org_id, idempotency_key, type, memo, metadata)
  VALUES ($1::uuid, $2::uuid, $3::text, $4::text, $5::text, $6::jsonb)
  ON CONFLICT (org_id, idempotency_key) DO NOTHING
  RETURNING id
), e AS (
  INSERT INTO ledger_entries (id, transfer_id, account_id, amount)
  SELECT v.id, t.id, v.account_id, v.amount FROM t, unnest($7::uuid[], $8::uuid[], $9::bigint[]) AS v(id, account_id, amount)
), locked AS MATERIALIZED (
  SELECT id FROM ledger_accounts
  WHERE org_id = $2::uuid AND id = ANY ($10::uuid[]) AND EXISTS (SELECT 1 FROM t)
  ORDER BY id FOR NO KEY UPDATE
), u AS (
  UPDATE ledger_accounts AS a SET balance = a.balance + v.delta
  FROM locked JOIN unnest($10::uuid[], $11::bigint[]) AS v(id, delta) ON v.id = locked.id
  WHERE a.id = locked.id AND (a.allow_negative OR a.balance + v.delta >= 0)
  RETURNING a.id
)
SELECT EXISTS (SELECT 1 FROM t) AS inserted,
  (SELECT count(*) FROM locked)::int AS locked,
  (SELECT count(*) FROM u)::int AS updated,
  CASE WHEN NOT EXISTS (SELECT 1 FROM t)
    THEN (SELECT id FROM ledger_transfers WHERE org_id = $2::uuid AND idempotency_key = $3::text) END AS existing_id`;

type PostingOutcome = { inserted: boolean; locked: number; updated: number; existing_id: string | null };

function runPosting(tx: DbOrTx, params: unknown[]): Promise<QueryResult<PostingOutcome>> {
  const query = tx._.session.prepareQuery<{ execute: QueryResult<PostingOutcome>; all: unknown; values: unknown }>(
    { sql: POST_TRANSFER_SQL, params },
    undefined,
    POST_TRANSFER_STATEMENT,
    false,
  );
  return query.execute();
}

/** Posts one balanced double-entry transfer inside the caller's transaction, in one round trip (see POST_TRANSFER_SQL). */
export async function postTransfer(tx: DbOrTx, options: PostTransferOptions): Promise<PostedTransfer> {
  const deltas = checkEntries(options.entries);
  const accountIds = [...deltas.keys()].sort();
  const transferId = newId();
  const result = await runPosting(tx, [
    transferId,
    options.org_id,
    options.key,
    options.type,
    options.memo ?? '',
    JSON.stringify(options.metadata ?? {}),
    options.entries.map(() => newId()),
    options.entries.map((entry) => entry.account_id),
    options.entries.map((entry) => entry.amount),
    accountIds,
    accountIds.map((id) => deltas.get(id) ?? 0),
  ]);
  const outcome = result.rows[0]!;
  if (!outcome.inserted) return { id: outcome.existing_id ?? (await committedMeanwhile(tx, options)), isNew: false };
  // The caller's transaction rolls back on either error: the rows already updated and the transfer go with it.
  if (outcome.locked !== accountIds.length) throw new Error('A ledger account of this transfer does not exist in the organisation');
  if (outcome.updated !== accountIds.length) throw new AppError('insufficient_funds', INSUFFICIENT_FUNDS_MESSAGE);
  countLedgerTransfer(options.type);
  return { id: transferId, isNew: true };
}

/**
 * The key's transfer was committed by a concurrent posting after this statement's snapshot was
 * taken (the insert waited for it, then did nothing): a new statement sees it.
 */
async function committedMeanwhile(tx: DbOrTx, options: PostTransferOptions): Promise<string> {
  const existing = await tx.execute<{ id: string }>(
    sql`SELECT id FROM ledger_transfers WHERE org_id = ${options.org_id} AND idempotency_key = ${options.key}`,
  );
  const row = existing.rows[0];
  if (!row) throw new Error('Ledger transfer conflict without a row');
  return row.id;
}
