// The growth bench's seed: creators and ledger transfers (two entries each) of one organisation,
// written with COPY in batches up to a total, so one database grows from the small case to the
// large one. For the ledger, foreign keys and its per-row balance triggers are skipped
// (session_replication_role = replica, the seed's own session only) and each account's balance is
// then set to the sum of its entries in one statement, so the books reconcile as if every transfer
// had been posted.
import pg from 'pg';
import { v7 } from 'uuid';
import { copyIn } from './copy-in.ts';

const BATCH = 100_000;
/** Seeded rows are a second apart, newest last, as a long-lived organisation's are. */
const EPOCH_MS = Date.UTC(2020, 0, 1);

export type GrowthTarget = { orgId: string; walletAccountId: string; outsideAccountId: string };

function* creatorLines(target: GrowthTarget, from: number, to: number) {
  let lines = '';
  for (let index = from; index < to; index += 1) {
    const at = new Date(EPOCH_MS + index * 1000).toISOString();
    lines += `${v7()}\t${target.orgId}\tcreator.${index}@growth.example\tFirst${index}\tLast${index}\t${at}\t${at}\n`;
    if ((index + 1) % 10_000 === 0) {
      yield lines;
      lines = '';
    }
  }
  if (lines) yield lines;
}

function* ledgerLines(target: GrowthTarget, from: number, to: number, kind: 'transfers' | 'entries', ids: string[]) {
  let lines = '';
  for (let index = from; index < to; index += 1) {
    const at = new Date(EPOCH_MS + index * 1000).toISOString();
    const transferId = ids[index - from]!;
    const amount = 100 + (index % 10_000);
    if (kind === 'transfers') lines += `${transferId}\t${target.orgId}\tgrowth-${index}\tdeposit\t${at}\n`;
    else
      lines +=
        `${v7()}\t${transferId}\t${target.walletAccountId}\t${amount}\t${at}\n` +
        `${v7()}\t${transferId}\t${target.outsideAccountId}\t${-amount}\t${at}\n`;
    if ((index + 1) % 10_000 === 0) {
      yield lines;
      lines = '';
    }
  }
  if (lines) yield lines;
}

async function count(client: pg.Client, table: string, orgId: string): Promise<number> {
  const { rows } = await client.query<{ count: string }>(`SELECT count(*) FROM ${table} WHERE org_id = $1`, [orgId]);
  return Number(rows[0]!.count);
}

/** Grows the organisation to `creators` creators and `entries` ledger entries; answers the seconds it took. */
export async function growTo(url: string, target: GrowthTarget, totals: { creators: number; entries: number }): Promise<number> {
  const started = performance.now();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // Creators with their triggers on: the one that keeps the organisation's count (Home's total) counts them.
    for (let from = await count(client, 'creators', target.orgId); from < totals.creators; from += BATCH) {
      const to = Math.min(totals.creators, from + BATCH);
      await copyIn(client, 'creators (id, org_id, email, first_name, last_name, created_at, updated_at)', creatorLines(target, from, to));
    }
    await client.query('SET session_replication_role = replica');
    const transfers = Math.floor(totals.entries / 2);
    for (let from = await count(client, 'ledger_transfers', target.orgId); from < transfers; from += BATCH) {
      const to = Math.min(transfers, from + BATCH);
      const ids = Array.from({ length: to - from }, () => v7());
      await client.query('BEGIN');
      await copyIn(
        client,
        'ledger_transfers (id, org_id, idempotency_key, type, created_at)',
        ledgerLines(target, from, to, 'transfers', ids),
      );
      await copyIn(
        client,
        'ledger_entries (id, transfer_id, account_id, amount, created_at)',
        ledgerLines(target, from, to, 'entries', ids),
      );
      await client.query('COMMIT');
    }
    await client.query(
      `UPDATE ledger_accounts a SET balance = s.total
       FROM (SELECT account_id, SUM(amount) AS total FROM ledger_entries GROUP BY account_id) s
       WHERE s.account_id = a.id AND a.balance <> s.total`,
    );
    // As autovacuum leaves a table that has settled (the other benches do the same, decisions.md).
    await client.query('VACUUM ANALYZE creators, ledger_transfers, ledger_entries, ledger_accounts');
  } finally {
    await client.end();
  }
  return (performance.now() - started) / 1000;
}
