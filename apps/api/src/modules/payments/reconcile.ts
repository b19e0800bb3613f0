import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

export type PaymentProblem =
  | { kind: 'payment_transfers_mismatch'; payment_id: string; status: string; transfers: string[] }
  | { kind: 'payment_batch_hold_mismatch'; batch_id: string; held: number; payments: number }
  | { kind: 'held_balance_mismatch'; org_id: string; held: number; expected: number };

/** The settlement postings each status must have (besides the batch hold). */
const EXPECTED: Record<string, string[]> = {
  requires_info: [],
  processing: [],
  succeeded: ['payment_succeeded'],
  failed: ['payment_failed'],
  returned: ['payment_returned', 'payment_succeeded'],
  canceled: [],
};

/**
 * Proves every executed payment's state against its ledger transfers: its batch hold covers it;
 * processing and awaiting input payments are still held (the organisation's held balance is
 * exactly them plus transfers out in flight); posted ones were released to the bank and fees;
 * failed and returned ones went back to available.
 */
export async function reconcilePayments(db: DbOrTx): Promise<{ payments: number; problems: PaymentProblem[] }> {
  const perPayment = await db.execute<{ id: string; status: string; transfers: string[] }>(sql`
    SELECT p.id, p.status, COALESCE(array_agg(t.type ORDER BY t.type) FILTER (WHERE t.id IS NOT NULL), '{}') AS transfers
    FROM payments p
    LEFT JOIN ledger_transfers t ON t.org_id = p.org_id AND t.type LIKE 'payment\\_%' AND t.metadata->>'payment_id' = p.id::text
    WHERE p.fee_reference_id IS NOT NULL
    GROUP BY p.id, p.status`);
  const batches = await db.execute<{ batch_id: string; held: string; payments: string }>(sql`
    SELECT b.batch_id, COALESCE(h.amount, 0)::text AS held, b.total::text AS payments
    FROM (SELECT org_id, fee_reference_id AS batch_id, SUM(amount + fee) AS total FROM payments WHERE fee_reference_id IS NOT NULL GROUP BY org_id, fee_reference_id) b
    LEFT JOIN LATERAL (
      SELECT SUM(e.amount) AS amount FROM ledger_transfers t JOIN ledger_entries e ON e.transfer_id = t.id JOIN ledger_accounts a ON a.id = e.account_id AND a.kind = 'wallet_held'
      WHERE t.org_id = b.org_id AND t.idempotency_key = 'payments:' || b.batch_id
    ) h ON true
    WHERE COALESCE(h.amount, 0) <> b.total`);
  const held = await db.execute<{ org_id: string; held: string; expected: string }>(sql`
    SELECT a.org_id, a.balance::text AS held, (COALESCE(p.total, 0) + COALESCE(o.total, 0))::text AS expected
    FROM ledger_accounts a
    LEFT JOIN (SELECT org_id, SUM(amount + fee) AS total FROM payments WHERE status IN ('processing', 'requires_info') AND fee_reference_id IS NOT NULL GROUP BY org_id) p ON p.org_id = a.org_id
    LEFT JOIN (
      SELECT org_id, SUM(-amount + fee) AS total FROM treasury_transactions
      WHERE flow_type = 'outbound_payment' AND status = 'processing' AND NOT metadata ? 'payment_id' GROUP BY org_id
    ) o ON o.org_id = a.org_id
    WHERE a.kind = 'wallet_held' AND a.balance <> COALESCE(p.total, 0) + COALESCE(o.total, 0)`);
  const problems: PaymentProblem[] = [
    ...perPayment.rows
      .filter((row) => JSON.stringify(row.transfers) !== JSON.stringify(EXPECTED[row.status] ?? ['(not executed)']))
      .map((row) => ({ kind: 'payment_transfers_mismatch' as const, payment_id: row.id, status: row.status, transfers: row.transfers })),
    ...batches.rows.map((row) => ({
      kind: 'payment_batch_hold_mismatch' as const,
      batch_id: row.batch_id,
      held: Number(row.held),
      payments: Number(row.payments),
    })),
    ...held.rows.map((row) => ({
      kind: 'held_balance_mismatch' as const,
      org_id: row.org_id,
      held: Number(row.held),
      expected: Number(row.expected),
    })),
  ];
  return { payments: perPayment.rows.length, problems };
}
