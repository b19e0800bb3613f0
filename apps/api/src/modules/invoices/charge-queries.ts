import { and, desc, eq, inArray } from 'drizzle-orm';
import type { ChargeRecord, DisputeRecord } from '@crewpay/core';
import type { DbOrTx } from '../../db/client.ts';
import { chargeDisputes, chargeRefunds, charges, type Charge, type ChargeDispute, type ChargeRefund } from '../../db/schema/index.ts';
import { toRefundRecord } from './refunds.ts';

const iso = (value: Date | null) => value?.toISOString() ?? null;

function toDisputeRecord(row: ChargeDispute): DisputeRecord {
  return {
    amount: row.amount,
    reason: row.reason,
    status: row.status,
    evidence_due_by: iso(row.evidence_due_by),
    created_at: row.created_at.toISOString(),
    funds_withdrawn_at: iso(row.funds_withdrawn_at),
    funds_reinstated_at: iso(row.funds_reinstated_at),
    closed_at: iso(row.closed_at),
  };
}

/** A charge with its refunds and dispute; refundable is what is left of a paid, undisputed charge. */
function toChargeRecord(row: Charge, refunds: ChargeRefund[], dispute: ChargeDispute | undefined): ChargeRecord {
  const given = refunds.filter((refund) => refund.status !== 'failed').reduce((sum, refund) => sum + refund.amount, 0);
  return {
    id: row.id,
    invoice_id: row.invoice_id,
    created_at: row.created_at.toISOString(),
    charge_type: row.charge_type,
    amount: row.amount,
    fee: row.fee,
    currency: row.currency,
    settled_usd: row.settled_usd,
    exchange_rate: row.exchange_rate,
    status: row.status,
    method_label: row.method_label,
    failure_reason: row.failure_reason,
    refundable: row.status === 'succeeded' && !dispute ? row.amount - given : 0,
    refunds: refunds.map(toRefundRecord),
    dispute: dispute ? toDisputeRecord(dispute) : null,
  };
}

/** GET /v1/charges: the organisation's charges grouped by invoice_id, newest first, each with its refunds and dispute. */
export async function chargesByInvoice(
  db: DbOrTx,
  options: { org_id: string; invoice_id?: string },
): Promise<Record<string, ChargeRecord[]>> {
  const rows = await db
    .select()
    .from(charges)
    .where(and(eq(charges.org_id, options.org_id), options.invoice_id ? eq(charges.invoice_id, options.invoice_id) : undefined))
    .orderBy(desc(charges.created_at));
  const ids = rows.map((row) => row.id);
  const refunds =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(chargeRefunds)
          .where(and(eq(chargeRefunds.org_id, options.org_id), inArray(chargeRefunds.charge_id, ids)))
          .orderBy(chargeRefunds.created_at);
  const disputes =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(chargeDisputes)
          .where(and(eq(chargeDisputes.org_id, options.org_id), inArray(chargeDisputes.charge_id, ids)));
  const grouped: Record<string, ChargeRecord[]> = {};
  for (const row of rows)
    (grouped[row.invoice_id] ??= []).push(
      toChargeRecord(
        row,
        refunds.filter((refund) => refund.charge_id === row.id),
        disputes.find((dispute) => dispute.charge_id === row.id),
      ),
    );
  return grouped;
}
