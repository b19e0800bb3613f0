import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { reconcilePayments, type PaymentProblem } from '../payments/reconcile.ts';

export type ReconcileProblem =
  | { kind: 'unbalanced_transfer'; transfer_id: string; sum: number }
  | { kind: 'balance_mismatch'; account_id: string; balance: number; entries_sum: number }
  | { kind: 'negative_balance'; account_id: string; balance: number }
  | PaymentProblem;

export type ReconcileReport = { transfers: number; accounts: number; entries: number; payments: number; problems: ReconcileProblem[] };

/**
 * Proves the books: every transfer sums to zero, every balance equals the sum of its entries, and
 * every executed payment's state matches its transfers (see payments/reconcile.ts).
 */
export async function reconcileLedger(db: DbOrTx): Promise<ReconcileReport> {
  const unbalanced = await db.execute<{ transfer_id: string; sum: string }>(sql`
    SELECT t.id AS transfer_id, COALESCE(SUM(e.amount), 0)::text AS sum
    FROM ledger_transfers t LEFT JOIN ledger_entries e ON e.transfer_id = t.id
    GROUP BY t.id HAVING COALESCE(SUM(e.amount), 0) <> 0 OR COUNT(e.id) < 2`);
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
  const paymentReport = await reconcilePayments(db);
  problems.push(...paymentReport.problems);
  const count = counts.rows[0];
  return { transfers: Number(count?.transfers ?? 0), accounts: Number(count?.accounts ?? 0), entries: Number(count?.entries ?? 0), payments: paymentReport.payments, problems };
}
