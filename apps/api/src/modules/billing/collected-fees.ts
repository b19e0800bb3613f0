import { sql } from 'drizzle-orm';
import type { CollectedFeeRecord, CollectedFeeType, CollectedFeesPage } from '@crewpay/core';
import type { DbOrTx } from '../../db/client.ts';
import { MONTHLY_FEE_TRANSFER_TYPE } from './charges.ts';

/** The ledger transfer types that move money into or out of the fee account, and what they were for. */
const TYPE_BY_TRANSFER: Record<string, CollectedFeeType> = {
  payment_succeeded: 'payment',
  payment_returned: 'payment_refund',
  ach_out_posted: 'transfer_out',
  ach_out_returned: 'transfer_out_refund',
  [MONTHLY_FEE_TRANSFER_TYPE]: 'monthly_fee',
};

/** Where the fee came from in the app, read from the transfer's metadata. */
function linkOf(type: CollectedFeeType, metadata: Record<string, string>): string | null {
  if (metadata.payment_id) return `/payments/${metadata.payment_id}`;
  if (metadata.invoice_id) return `/invoices/${metadata.invoice_id}`;
  if (metadata.contract_id) return `/contracts/${metadata.contract_id}`;
  if (type === 'monthly_fee') return '/settings?tab=billing';
  if (metadata.treasury_transaction_id) return '/wallets';
  return null;
}

type Row = {
  id: string;
  amount: string;
  type: string;
  metadata: Record<string, string>;
  created_at: Date | string;
  total: string;
  total_amount: string;
};

/**
 * The organisation's collected fees, newest first (the sandbox time of a monthly charge, else the posting time): every entry of its fee account joined to its
 * transfer, so the list is the ledger itself (a returned payment's fee is a negative row).
 */
export async function listCollectedFees(
  db: DbOrTx,
  options: { org_id: string; page: number; page_size: number },
): Promise<CollectedFeesPage> {
  const result = await db.execute<Row>(sql`
    SELECT e.id, e.amount::text AS amount, t.type, t.metadata, COALESCE((t.metadata->>'occurred_at')::timestamptz, t.created_at) AS created_at,
           COUNT(*) OVER ()::text AS total, COALESCE(SUM(e.amount) OVER (), 0)::text AS total_amount
    FROM ledger_entries e
    JOIN ledger_accounts a ON a.id = e.account_id
    JOIN ledger_transfers t ON t.id = e.transfer_id
    WHERE a.org_id = ${options.org_id} AND a.kind = 'fees' AND t.org_id = ${options.org_id}
    ORDER BY created_at DESC, e.id DESC
    LIMIT ${options.page_size} OFFSET ${options.page * options.page_size}`);
  const totals = result.rows[0] ? result.rows[0] : await feeTotals(db, options.org_id);
  const total = Number(totals.total);
  return {
    data: result.rows.map(toRecord),
    total,
    total_amount: Number(totals.total_amount),
    page: options.page,
    page_size: options.page_size,
    has_more: (options.page + 1) * options.page_size < total,
  };
}

/** Counts when the page asked for is past the end (the window answers nothing there). */
async function feeTotals(db: DbOrTx, orgId: string): Promise<{ total: string; total_amount: string }> {
  const result = await db.execute<{ total: string; total_amount: string }>(sql`
    SELECT COUNT(*)::text AS total, COALESCE(SUM(e.amount), 0)::text AS total_amount
    FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
    WHERE a.org_id = ${orgId} AND a.kind = 'fees'`);
  return result.rows[0]!;
}

function toRecord(row: Row): CollectedFeeRecord {
  const type = TYPE_BY_TRANSFER[row.type] ?? 'other';
  return {
    id: row.id,
    type,
    created_at: new Date(row.created_at).toISOString(),
    amount: Number(row.amount),
    link: linkOf(type, row.metadata ?? {}),
  };
}
