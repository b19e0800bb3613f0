import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

type PaymentProblem =
  | { kind: 'payment_transfers_mismatch'; payment_id: string; status: string; transfers: string[] }
  | { kind: 'payment_batch_hold_mismatch'; batch_id: string; held: number; payments: number }
  | { kind: 'held_balance_mismatch'; org_id: string; held: number; expected: number }
  | { kind: 'paypal_held_mismatch'; org_id: string; held: number; expected: number }
  | { kind: 'nium_wallet_mismatch'; org_id: string; place: string; balance: number; expected: number }
  | { kind: 'nium_currency_mismatch'; org_id: string; currency: string; place: string; balance: number; expected: number };

/** SQL: the part of a payment's amount the wallet held (none for a PayPal or Venmo payout, paid from the PayPal account). */
const WALLET_AMOUNT = sql.raw(`CASE WHEN method IN ('paypal', 'venmo', 'nium') THEN 0 ELSE amount END`);

/** The settlement postings each status must have (besides the batch hold). */
const EXPECTED: Record<string, string[]> = {
  requires_info: [],
  processing: [],
  succeeded: ['payment_succeeded'],
  failed: ['payment_failed'],
  returned: ['payment_returned', 'payment_succeeded'],
  canceled: [],
  awaiting_approval: [],
};

/**
 * Proves every executed payment's state against its ledger transfers: its batch hold covers it;
 * processing and awaiting input payments are still held (the organisation's held balance is
 * exactly them plus transfers out in flight; for a PayPal or Venmo payout its fee, its amount
 * being with PayPal once PayPal took it); posted ones were released to the bank and fees;
 * failed and returned ones went back to available.
 */
export async function reconcilePayments(db: DbOrTx): Promise<{ payments: number; problems: PaymentProblem[] }> {
  const perPayment = await db.execute<{ id: string; status: string; transfers: string[]; moved_nothing: boolean }>(sql`
    SELECT p.id, p.status, COALESCE(array_agg(t.type ORDER BY t.type) FILTER (WHERE t.id IS NOT NULL), '{}') AS transfers,
      (p.method IN ('paypal', 'venmo') AND p.fee = 0 AND NOT EXISTS (
        SELECT 1 FROM ledger_transfers s WHERE s.org_id = p.org_id AND s.idempotency_key = 'paypal_sent:' || p.id::text)) AS moved_nothing
    FROM payments p
    LEFT JOIN ledger_transfers t ON t.org_id = p.org_id AND t.type LIKE 'payment\\_%' AND t.metadata->>'payment_id' = p.id::text
    WHERE p.fee_reference_id IS NOT NULL
    GROUP BY p.id, p.status, p.method, p.fee, p.org_id`);
  const batches = await db.execute<{ batch_id: string; held: string; payments: string }>(sql`
    SELECT b.batch_id, COALESCE(h.amount, 0)::text AS held, b.total::text AS payments
    FROM (
      -- A PayPal or Venmo payout executed straight to PayPal held its fee only; one that waited for its payee held it all, then gave the amount back.
      SELECT org_id, fee_reference_id AS batch_id,
        SUM(fee + CASE WHEN method IN ('paypal', 'venmo')
          AND NOT EXISTS (SELECT 1 FROM ledger_transfers r WHERE r.org_id = payments.org_id AND r.idempotency_key = 'paypal_release:' || payments.id::text)
          THEN 0
          -- A payment abroad executed straight to Nium held its dollars in the Nium wallet; one that waited for its payee moved them there later.
          WHEN method = 'nium'
          AND NOT EXISTS (SELECT 1 FROM ledger_transfers r WHERE r.org_id = payments.org_id AND r.idempotency_key = 'nium_release:' || payments.id::text)
          THEN 0 ELSE amount END) AS total
      FROM payments WHERE fee_reference_id IS NOT NULL GROUP BY org_id, fee_reference_id) b
    LEFT JOIN LATERAL (
      SELECT SUM(e.amount) AS amount FROM ledger_transfers t JOIN ledger_entries e ON e.transfer_id = t.id JOIN ledger_accounts a ON a.id = e.account_id AND a.kind = 'wallet_held'
      WHERE t.org_id = b.org_id AND t.idempotency_key = 'payments:' || b.batch_id
    ) h ON true
    WHERE COALESCE(h.amount, 0) <> b.total`);
  const held = await db.execute<{ org_id: string; held: string; expected: string }>(sql`
    SELECT a.org_id, a.balance::text AS held, (COALESCE(p.total, 0) + COALESCE(o.total, 0))::text AS expected
    FROM ledger_accounts a
    LEFT JOIN (SELECT org_id, SUM(${WALLET_AMOUNT} + fee) AS total FROM payments WHERE status IN ('processing', 'requires_info', 'awaiting_approval') AND fee_reference_id IS NOT NULL GROUP BY org_id) p ON p.org_id = a.org_id
    LEFT JOIN (
      SELECT org_id, SUM(-amount + fee) AS total FROM treasury_transactions
      WHERE flow_type = 'outbound_payment' AND status = 'processing' AND NOT metadata ? 'payment_id' GROUP BY org_id
    ) o ON o.org_id = a.org_id
    WHERE a.kind = 'wallet_held' AND a.balance <> COALESCE(p.total, 0) + COALESCE(o.total, 0)`);
  // What PayPal took for items not final yet: exactly the PayPal and Venmo payments still on their way that PayPal accepted.
  const paypalHeld = await db.execute<{ org_id: string; held: string; expected: string }>(sql`
    SELECT a.org_id, a.balance::text AS held, COALESCE(p.total, 0)::text AS expected
    FROM ledger_accounts a
    LEFT JOIN (
      SELECT org_id, SUM(amount) AS total FROM payments
      WHERE status = 'processing' AND method IN ('paypal', 'venmo') AND EXISTS (
        SELECT 1 FROM ledger_transfers s WHERE s.org_id = payments.org_id AND s.idempotency_key = 'paypal_sent:' || payments.id::text)
      GROUP BY org_id
    ) p ON p.org_id = a.org_id
    WHERE a.kind = 'paypal_held' AND a.balance <> COALESCE(p.total, 0)`);
  // The Nium wallet: what it holds is exactly the payments abroad executed and not taken by Nium yet; what is sent, those it took and did not settle.
  const nium = await db.execute<{ org_id: string; kind: string; balance: string; expected: string }>(sql`
    SELECT a.org_id, a.kind, a.balance::text AS balance, COALESCE(p.total, 0)::text AS expected
    FROM ledger_accounts a
    LEFT JOIN (
      SELECT org_id, kind, SUM(amount) AS total FROM (
        SELECT org_id, amount, CASE WHEN EXISTS (
            SELECT 1 FROM ledger_transfers s WHERE s.org_id = payments.org_id AND s.idempotency_key = 'nium_sent:' || payments.id::text)
          THEN 'nium_sent' ELSE 'nium_held' END AS kind
        FROM payments WHERE method = 'nium' AND status IN ('processing', 'awaiting_approval')
      ) x GROUP BY org_id, kind
    ) p ON p.org_id = a.org_id AND p.kind = a.kind
    WHERE a.kind IN ('nium_held', 'nium_sent') AND a.currency = 'usd' AND a.balance <> COALESCE(p.total, 0)`);
  // Per currency, the conversions of payments abroad: each payee's bank holds exactly what the
  // payments paid (not returned) delivered in its currency, FX clearing the other side of each leg.
  const converted = await db.execute<{ org_id: string; kind: string; currency: string; balance: string; expected: string }>(sql`
    WITH legs AS (
      SELECT org_id, 'fx_clearing' AS kind, lower(source_currency) AS currency, source_amount AS amount FROM nium_payouts WHERE status = 'paid'
      UNION ALL
      SELECT org_id, 'fx_clearing', lower(destination_currency), -destination_amount FROM nium_payouts WHERE status = 'paid'
      UNION ALL
      SELECT org_id, 'outside_bank', lower(destination_currency), destination_amount FROM nium_payouts
      WHERE status = 'paid' AND destination_currency <> 'USD'
      UNION ALL
      -- Invoices paid in another currency (docs/money-flows.md): the payer's bank paid the amount, Stripe converted it to USD
      -- (a charge reversed by a lost dispute was paid too: the dispute's own legs below undo it).
      SELECT org_id, 'fx_clearing', currency, amount FROM charges WHERE status IN ('succeeded', 'reversed') AND currency <> 'usd'
      UNION ALL
      SELECT org_id, 'fx_clearing', 'usd', -settled_usd FROM charges WHERE status IN ('succeeded', 'reversed') AND currency <> 'usd'
      UNION ALL
      SELECT org_id, 'outside_bank', currency, -amount FROM charges WHERE status IN ('succeeded', 'reversed') AND currency <> 'usd'
      UNION ALL
      -- Their disputes: the amount back to the payer when withdrawn, the dollars Stripe took; the reverse when reinstated.
      SELECT d.org_id, k.kind, CASE WHEN k.kind = 'fx_clearing' AND k.usd THEN 'usd' ELSE c.currency END,
        CASE
          WHEN k.usd THEN COALESCE(d.withdrawn_usd, 0) - CASE WHEN d.funds_reinstated_at IS NULL THEN 0 ELSE COALESCE(d.reinstated_usd, 0) END
          ELSE (CASE WHEN k.kind = 'outside_bank' THEN 1 ELSE -1 END) * (d.amount - CASE WHEN d.funds_reinstated_at IS NULL THEN 0 ELSE d.amount END)
        END
      FROM charge_disputes d JOIN charges c ON c.id = d.charge_id
      CROSS JOIN (VALUES ('fx_clearing', true), ('fx_clearing', false), ('outside_bank', false)) AS k(kind, usd)
      WHERE c.currency <> 'usd' AND d.funds_withdrawn_at IS NOT NULL
    ), expected AS (SELECT org_id, kind, currency, SUM(amount) AS total FROM legs GROUP BY org_id, kind, currency),
    places AS (
      SELECT org_id, kind, currency, balance FROM ledger_accounts
      WHERE kind = 'fx_clearing' OR (kind = 'outside_bank' AND currency <> 'usd')
    )
    SELECT COALESCE(p.org_id, e.org_id) AS org_id, COALESCE(p.kind, e.kind) AS kind, COALESCE(p.currency, e.currency) AS currency,
      COALESCE(p.balance, 0)::text AS balance, COALESCE(e.total, 0)::text AS expected
    FROM places p FULL JOIN expected e ON e.org_id = p.org_id AND e.kind = p.kind AND e.currency = p.currency
    WHERE COALESCE(p.balance, 0) <> COALESCE(e.total, 0)`);
  const problems: PaymentProblem[] = [
    ...converted.rows.map((row) => ({
      kind: 'nium_currency_mismatch' as const,
      org_id: row.org_id,
      currency: row.currency,
      place: row.kind,
      balance: Number(row.balance),
      expected: Number(row.expected),
    })),
    ...nium.rows.map((row) => ({
      kind: 'nium_wallet_mismatch' as const,
      org_id: row.org_id,
      place: row.kind,
      balance: Number(row.balance),
      expected: Number(row.expected),
    })),
    ...perPayment.rows
      // A PayPal payout refused before PayPal took anything, with no fee, moved nothing and posted nothing.
      .filter((row) => !(row.status === 'failed' && row.moved_nothing && row.transfers.length === 0))
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
    ...paypalHeld.rows.map((row) => ({
      kind: 'paypal_held_mismatch' as const,
      org_id: row.org_id,
      held: Number(row.held),
      expected: Number(row.expected),
    })),
  ];
  return { payments: perPayment.rows.length, problems };
}
