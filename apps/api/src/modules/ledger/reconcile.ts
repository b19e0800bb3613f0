import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import { runReconcileChecks } from '../../events/dispatcher.ts';

type ReconcileProblem =
  | { kind: 'unbalanced_transfer'; transfer_id: string; sum: number }
  | { kind: 'balance_mismatch'; account_id: string; balance: number; entries_sum: number }
  | { kind: 'negative_balance'; account_id: string; balance: number }
  /** A problem found by a module's registered check (payments: a payment that does not match its transfers). */
  | { kind: string; [detail: string]: unknown };

type ReconcileReport = { transfers: number; accounts: number; entries: number; payments: number; problems: ReconcileProblem[] };

/**
 * Proves the books: every transfer sums to zero, every balance equals the sum of its entries, and
 * every check the modules declared passes (payments: each executed payment's state matches its
 * transfers, see payments/reconcile.ts), from the process's kernel.
 */
export async function reconcileLedger(deps: { db: DbOrTx; kernel: AppDeps['kernel'] }): Promise<ReconcileReport> {
  const { db } = deps;
  const unbalanced = await db.execute<{ transfer_id: string; sum: string }>(sql`
    SELECT t.id AS transfer_id, COALESCE(SUM(e.amount), 0)::text AS sum
    FROM ledger_transfers t LEFT JOIN ledger_entries e ON e.transfer_id = t.id
    GROUP BY t.id HAVING COALESCE(SUM(e.amount), 0) <> 0 OR COUNT(e.id) < 2
    UNION ALL
    -- A conversion balances in each of its currencies, not only in sum.
    SELECT t.id, SUM(e.amount)::text
    FROM ledger_transfers t JOIN ledger_entries e ON e.transfer_id = t.id JOIN ledger_accounts a ON a.id = e.account_id
    GROUP BY t.id, a.currency HAVING SUM(e.amount) <> 0`);
  const mismatched = await db.execute<{ account_id: string; balance: string; entries_sum: string; allow_negative: boolean }>(sql`
    SELECT a.id AS account_id, a.balance::text AS balance, COALESCE(s.total, 0)::text AS entries_sum, a.allow_negative
    FROM ledger_accounts a
    LEFT JOIN (SELECT account_id, SUM(amount) AS total FROM ledger_entries GROUP BY account_id) s ON s.account_id = a.id
    WHERE a.balance <> COALESCE(s.total, 0) OR (NOT a.allow_negative AND a.balance < 0)`);
  const counts = await db.execute<{ transfers: string; accounts: string; entries: string }>(sql`
    SELECT (SELECT COUNT(*) FROM ledger_transfers)::text AS transfers,
           (SELECT COUNT(*) FROM ledger_accounts)::text AS accounts,
           (SELECT COUNT(*) FROM ledger_entries)::text AS entries`);
  const problems: ReconcileProblem[] = [
    ...unbalanced.rows.map((row) => ({ kind: 'unbalanced_transfer' as const, transfer_id: row.transfer_id, sum: Number(row.sum) })),
    ...mismatched.rows.flatMap((row): ReconcileProblem[] => {
      const balance = Number(row.balance);
      const entriesSum = Number(row.entries_sum);
      if (balance !== entriesSum) return [{ kind: 'balance_mismatch', account_id: row.account_id, balance, entries_sum: entriesSum }];
      return [{ kind: 'negative_balance', account_id: row.account_id, balance }];
    }),
  ];
  let checked = 0;
  for (const report of await runReconcileChecks(deps)) {
    checked += report.checked;
    problems.push(...(report.problems as ReconcileProblem[]));
  }
  const count = counts.rows[0];
  return {
    transfers: Number(count?.transfers ?? 0),
    accounts: Number(count?.accounts ?? 0),
    entries: Number(count?.entries ?? 0),
    payments: checked,
    problems,
  };
}
