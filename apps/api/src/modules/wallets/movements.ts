import { and, eq, sql, type SQL } from 'drizzle-orm';
import { FAILED_FUNDING, INCOMING_FUNDING, type MovementsAnswer, type WalletBreakdown, type WalletMovement } from '@crewpay/core';
import type { DbOrTx } from '../../db/client.ts';
import { treasuryTransactions } from '../../db/schema/index.ts';
import { decodeCursor, keysetPage } from '../../lib/keyset.ts';
import { findBalances, findLedgerAccounts } from '../ledger/index.ts';
import { feesOwed } from '../platform-fees/index.ts';

/** An add-funds ACH debit the bank has not settled: no ledger posting yet (docs/wallet.md), but money on its way. */
const arrivingFunding = (orgId: string, financialAccountId: string) =>
  and(
    eq(treasuryTransactions.org_id, orgId),
    eq(treasuryTransactions.financial_account_id, financialAccountId),
    eq(treasuryTransactions.flow_type, 'inbound_transfer'),
    eq(treasuryTransactions.status, 'processing'),
  );

/**
 * Stripe's standard US schedule: a charge's money is available two days after it (cards; bank
 * debits once settled), then paid out the same day and in the financial account the next: an
 * estimate, used until a payout is made and Stripe gives its own arrival date.
 */
const EXPECTED_AFTER_SETTLEMENT = "interval '3 days'";

/**
 * When the arriving money is expected in the financial account: the latest arrival date Stripe
 * gave a payout still in transit, or the estimate for invoice money not paid out yet; null when
 * nothing arrives.
 */
async function arrivingExpectedAt(db: DbOrTx, orgId: string, inBalance: boolean): Promise<string | null> {
  const result = await db.execute<{ at: string | null }>(sql`
    SELECT greatest(
      (SELECT max((t.metadata->>'arrival_date')::timestamptz) FROM ledger_transfers t
        WHERE t.org_id = ${orgId} AND t.type = 'balance_payout_created' AND t.metadata->>'arrival_date' <> ''
          AND NOT EXISTS (SELECT 1 FROM ledger_transfers d WHERE d.org_id = t.org_id
            AND d.idempotency_key IN ('balance_payout:' || (t.metadata->>'payout_id') || ':paid', 'balance_payout:' || (t.metadata->>'payout_id') || ':failed'))),
      CASE WHEN ${inBalance} THEN (SELECT max(t.created_at) + ${sql.raw(EXPECTED_AFTER_SETTLEMENT)} FROM ledger_transfers t
        WHERE t.org_id = ${orgId} AND t.type IN ('invoice_card_settled', 'invoice_ach_settled')) END
    ) AS at`);
  const at = result.rows[0]?.at;
  return at ? new Date(at).toISOString() : null;
}

/** Every place from the ledger, incoming from the debits still arriving, fees owed from the platform-fee outbox. */
export async function walletBreakdownOf(db: DbOrTx, orgId: string, financialAccountId: string): Promise<WalletBreakdown> {
  const balances = await findBalances(db, orgId, [
    'wallet_available',
    'wallet_held',
    'wallet_frozen',
    'payments_balance',
    'payouts_in_transit',
    'receivable',
  ]);
  const [arrivingDebits] = await db
    .select({ amount: sql<string>`coalesce(sum(${treasuryTransactions.amount}), 0)::text` })
    .from(treasuryTransactions)
    .where(arrivingFunding(orgId, financialAccountId));
  const available = balances.wallet_available ?? 0;
  const held = balances.wallet_held ?? 0;
  const frozen = balances.wallet_frozen ?? 0;
  const incoming = Number(arrivingDebits?.amount ?? 0);
  const arriving = (balances.payments_balance ?? 0) + (balances.payouts_in_transit ?? 0);
  const owed = -(balances.receivable ?? 0);
  return {
    available,
    incoming,
    held,
    arriving,
    arriving_expected_at: arriving > 0 ? await arrivingExpectedAt(db, orgId, (balances.payments_balance ?? 0) > 0) : null,
    frozen,
    owed,
    fees_owed: await feesOwed(db, orgId),
    total: available + incoming + held + arriving + frozen - owed,
  };
}

type MovementRow = {
  id: string;
  cursor_us: string;
  date: string;
  type: string;
  status: 'pending' | 'posted' | 'failed';
  failure_reason: string | null;
  available: string;
  incoming: string;
  held: string;
  arriving: string;
  frozen: string;
  owed: string;
  memo: string;
  metadata: Record<string, string>;
};

const UUID_TEXT = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';

function toMovement(row: MovementRow): WalletMovement {
  const [available, incoming, held] = [Number(row.available), Number(row.incoming), Number(row.held)];
  const [arriving, frozen, owed] = [Number(row.arriving), Number(row.frozen), Number(row.owed)];
  return {
    id: row.id,
    date: Number(row.date),
    type: row.type,
    memo: row.memo,
    status: row.status,
    failure_reason: row.failure_reason,
    available,
    incoming,
    held,
    arriving,
    frozen,
    owed,
    amount: available + incoming + held + arriving + frozen - owed,
    payment_id: row.metadata.payment_id ?? null,
    invoice_id: row.metadata.invoice_id ?? null,
  };
}

/**
 * Every movement of the wallet's money, newest first: each ledger transfer with an entry on one of
 * its places (available, held, arriving, frozen, owed: its parts summed per place), each add-funds debit still arriving,
 * and each that failed (no money moved, listed at 0 so the owner sees why). Both lists are read by keyset (ledger_transfers_org_idx, treasury_transactions_org_idx)
 * up to the page's end before they are merged, so a page costs its own rows, not the wallet's
 * history. The ids never collide (both are our uuids), so (created_at, id) orders the merge.
 */
export async function listWalletMovements(
  db: DbOrTx,
  options: { org_id: string; financial_account_id: string; page: number; limit: number; starting_after?: string | undefined },
): Promise<MovementsAnswer> {
  const accounts = await findLedgerAccounts(db, options.org_id);
  const [availableId, heldId] = [accounts.wallet_available.id, accounts.wallet_held.id];
  const arrivingIds = [accounts.payments_balance.id, accounts.payouts_in_transit.id];
  const [frozenId, owedId] = [accounts.wallet_frozen.id, accounts.receivable.id];
  const offset = options.starting_after ? 0 : options.page * options.limit;
  const reach = offset + options.limit + 1;
  const after = (createdAt: SQL, id: SQL): SQL => {
    if (!options.starting_after) return sql`true`;
    const position = decodeCursor(options.starting_after);
    return sql`(${createdAt}, ${id}) < (timestamptz 'epoch' + ${position.created_us}::bigint * interval '1 microsecond', ${position.id}::uuid)`;
  };
  const result = await db.execute<MovementRow>(sql`
    WITH posted AS (
      SELECT t.id, t.created_at, t.type, 'posted' AS status, 0::bigint AS incoming, t.metadata, t.memo, NULL::text AS failure_reason
      FROM ledger_transfers t
      WHERE t.org_id = ${options.org_id} AND ${after(sql`t.created_at`, sql`t.id`)}
        AND EXISTS (SELECT 1 FROM ledger_entries e WHERE e.transfer_id = t.id
          AND e.account_id IN (${availableId}, ${heldId}, ${arrivingIds[0]}, ${arrivingIds[1]}, ${frozenId}, ${owedId}))
      ORDER BY t.created_at DESC, t.id DESC LIMIT ${reach}
    ), arriving AS (
      SELECT tt.id, tt.created_at,
        CASE tt.status WHEN 'processing' THEN ${INCOMING_FUNDING} ELSE ${FAILED_FUNDING} END AS type,
        CASE tt.status WHEN 'processing' THEN 'pending' ELSE 'failed' END AS status,
        CASE tt.status WHEN 'processing' THEN tt.amount ELSE 0 END AS incoming, tt.metadata, tt.memo, tt.failure_reason
      FROM treasury_transactions tt
      WHERE tt.org_id = ${options.org_id} AND tt.financial_account_id = ${options.financial_account_id}
        AND tt.flow_type = 'inbound_transfer' AND tt.status IN ('processing', 'failed') AND ${after(sql`tt.created_at`, sql`tt.id`)}
      ORDER BY tt.created_at DESC, tt.id DESC LIMIT ${reach}
    ), page AS (
      SELECT * FROM (SELECT * FROM posted UNION ALL SELECT * FROM arriving) merged
      ORDER BY created_at DESC, id DESC LIMIT ${options.limit + 1} OFFSET ${offset}
    )
    SELECT page.id, page.type, page.status, page.metadata, page.incoming::text AS incoming, page.failure_reason,
      coalesce(nullif(page.memo, ''), source.memo, '') AS memo,
      (extract(epoch from page.created_at) * 1000000)::bigint::text AS cursor_us,
      floor(extract(epoch from page.created_at))::bigint::text AS date,
      parts.available, parts.held, parts.arriving, parts.frozen, parts.owed
    FROM page
    CROSS JOIN LATERAL (
      SELECT coalesce(sum(e.amount) FILTER (WHERE e.account_id = ${availableId}), 0)::text AS available,
        coalesce(sum(e.amount) FILTER (WHERE e.account_id = ${heldId}), 0)::text AS held,
        coalesce(sum(e.amount) FILTER (WHERE e.account_id IN (${arrivingIds[0]}, ${arrivingIds[1]})), 0)::text AS arriving,
        coalesce(sum(e.amount) FILTER (WHERE e.account_id = ${frozenId}), 0)::text AS frozen,
        coalesce(-sum(e.amount) FILTER (WHERE e.account_id = ${owedId}), 0)::text AS owed
      FROM ledger_entries e WHERE e.transfer_id = page.id
    ) parts
    -- A bank movement's memo is on its wallet transaction (the transfer out's "Payroll"), not on its postings.
    LEFT JOIN treasury_transactions source
      ON source.org_id = ${options.org_id} AND source.id = CASE
        WHEN page.metadata->>'treasury_transaction_id' ~ ${UUID_TEXT} THEN (page.metadata->>'treasury_transaction_id')::uuid END
    ORDER BY page.created_at DESC, page.id DESC`);
  const { rows, has_more, next_cursor } = keysetPage(result.rows, options.limit);
  return { data: rows.map(toMovement), page: options.page, has_more, next_cursor };
}
