import { sql, type SQL } from 'drizzle-orm';
import type { CashflowBucket, CashflowFigures, CashflowInterval } from '@crewpay/core';
import type { DbOrTx } from '../../db/client.ts';

/**
 * Money in and out of the organisation's books, read from the ledger alone: every entry on its
 * outside account (money that came from or went to a bank, a card, a payee) and on its fees
 * account (what Crewpay kept). Each entry is signed as "out" (an outside entry is positive when
 * money left to the outside, a fees entry when a fee was charged) and named by its transfer:
 * an invoice's settlement is a receipt, its refund a refund, anything else about an invoice a
 * dispute or return (so a dispute won back nets against it), a payment's or a bank transfer out's
 * postings a payout (a returned payout nets against it), and any other arrival wallet funding.
 * So money in - money out always equals the change of the wallet's places (available, held, frozen,
 * arriving invoice money, tax owed), receivable and PayPal balances. Entries on tax owed (backup
 * withholding kept back for the IRS) are their own figure, withheld_tax: still in the wallet, not money out.
 */
const CATEGORY = sql`CASE
  WHEN a.kind = 'fees' THEN 'fees'
  WHEN a.kind = 'tax_owed' THEN 'withheld_tax'
  WHEN t.type IN ('invoice_card_settled', 'invoice_ach_settled') THEN 'invoice_receipts'
  WHEN t.type = 'invoice_refunded' THEN 'refunds'
  WHEN t.metadata ? 'invoice_id' THEN 'disputes'
  WHEN t.metadata ? 'payment_id' OR t.type LIKE 'ach_out_%' THEN 'payouts'
  ELSE 'wallet_funding' END`;

const UUID_TEXT = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';
const metadataId = (key: string) => sql`CASE WHEN t.metadata->>${key} ~ ${UUID_TEXT} THEN (t.metadata->>${key})::uuid END`;

/**
 * The organisation's classified entries (created_at, category, out, campaign_id), each with the
 * campaign of the invoice or payment its transfer is about (null for other money).
 */
const movesOf = (orgId: string) => sql`
  SELECT t.created_at, ${CATEGORY} AS category, e.amount AS out, coalesce(i.payment_group_id, p.payment_group_id) AS campaign_id
  FROM ledger_transfers t
  JOIN ledger_entries e ON e.transfer_id = t.id
  JOIN ledger_accounts a ON a.id = e.account_id AND a.org_id = t.org_id AND a.currency = 'usd'
    AND (a.kind IN ('outside_bank', 'fees', 'tax_owed')
      OR (a.kind = 'fx_clearing' AND t.type IN ('invoice_card_settled', 'invoice_ach_settled')))
  LEFT JOIN invoices i ON i.org_id = t.org_id AND i.id = ${metadataId('invoice_id')}
  LEFT JOIN payments p ON p.org_id = t.org_id AND p.id = ${metadataId('payment_id')}
  WHERE t.org_id = ${orgId}`;

/** The figures' sums as select columns over `moves` (bigint sums answered as text: exact cents). */
const FIGURE_COLUMNS = sql`
  coalesce(sum(-out) FILTER (WHERE category = 'invoice_receipts'), 0)::text AS invoice_receipts,
  coalesce(sum(-out) FILTER (WHERE category = 'wallet_funding'), 0)::text AS wallet_funding,
  coalesce(sum(out) FILTER (WHERE category = 'payouts'), 0)::text AS payouts,
  coalesce(sum(out) FILTER (WHERE category = 'fees'), 0)::text AS fees,
  coalesce(sum(out) FILTER (WHERE category = 'refunds'), 0)::text AS refunds,
  coalesce(sum(out) FILTER (WHERE category = 'disputes'), 0)::text AS disputes,
  coalesce(sum(out) FILTER (WHERE category = 'withheld_tax'), 0)::text AS withheld_tax`;

type FigureRow = Record<'invoice_receipts' | 'wallet_funding' | 'payouts' | 'fees' | 'refunds' | 'disputes' | 'withheld_tax', string>;

function toFigures(row: FigureRow | undefined): CashflowFigures {
  const n = (value: string | undefined) => Number(value ?? 0);
  const [invoice_receipts, wallet_funding] = [n(row?.invoice_receipts), n(row?.wallet_funding)];
  const [payouts, fees, refunds, disputes] = [n(row?.payouts), n(row?.fees), n(row?.refunds), n(row?.disputes)];
  return {
    money_in: invoice_receipts + wallet_funding,
    invoice_receipts,
    wallet_funding,
    money_out: payouts + fees + refunds + disputes,
    payouts,
    fees,
    refunds,
    disputes,
    withheld_tax: n(row?.withheld_tax),
  };
}

/**
 * Every week or month (UTC) of the last 12 months, oldest first, with its figures; only the
 * campaign's money when `campaignId` is given. Empty periods answer 0.
 */
export async function cashflowBuckets(
  db: DbOrTx,
  orgId: string,
  options: { interval: CashflowInterval; campaignId?: string },
): Promise<CashflowBucket[]> {
  const step = `1 ${options.interval}`;
  const campaign: SQL = options.campaignId ? sql`AND campaign_id = ${options.campaignId}` : sql``;
  const result = await db.execute<FigureRow & { start: string }>(sql`
    WITH periods AS (
      SELECT generate_series(
        date_trunc(${options.interval}, (now() AT TIME ZONE 'UTC') - interval '1 year' + ${step}::interval),
        date_trunc(${options.interval}, now() AT TIME ZONE 'UTC'),
        ${step}::interval) AS start
    ), moves AS (
      SELECT date_trunc(${options.interval}, m.created_at AT TIME ZONE 'UTC') AS start, m.category, m.out
      FROM (${movesOf(orgId)}) m
      WHERE m.created_at >= (SELECT min(start) FROM periods) AT TIME ZONE 'UTC' ${campaign}
    )
    SELECT to_char(periods.start, 'YYYY-MM-DD') AS start, ${FIGURE_COLUMNS}
    FROM periods LEFT JOIN moves ON moves.start = periods.start
    GROUP BY periods.start ORDER BY periods.start`);
  return result.rows.map((row) => ({ start: row.start, ...toFigures(row) }));
}

/** All-time figures of each of the organisation's campaigns that moved money (campaign id -> figures). */
export async function campaignCashflowTotals(db: DbOrTx, orgId: string, campaignId?: string): Promise<Map<string, CashflowFigures>> {
  const campaign: SQL = campaignId ? sql`AND campaign_id = ${campaignId}` : sql``;
  const result = await db.execute<FigureRow & { campaign_id: string }>(sql`
    SELECT moves.campaign_id, ${FIGURE_COLUMNS}
    FROM (${movesOf(orgId)}) moves
    WHERE moves.campaign_id IS NOT NULL ${campaign}
    GROUP BY moves.campaign_id`);
  return new Map(result.rows.map((row) => [row.campaign_id, toFigures(row)]));
}
