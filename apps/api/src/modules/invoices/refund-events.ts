import { and, eq } from 'drizzle-orm';
import { chargeRefunds, charges, type ProviderEvent } from '../../db/schema/index.ts';
import { arrivedMoneyEntries, findLedgerAccounts, postTransfer, refundedEntries } from '../ledger/index.ts';
import { publishDomainEvent, type HandlerUnit } from '../../events/dispatcher.ts';
import { recordFeeRefund } from './fee-refunds.ts';
import { failRefund } from './refunds.ts';

export const REFUND_EVENTS = new Set(['refund.succeeded', 'refund.failed']);

/**
 * A refund's outcome, found by our id in the event (the refund's metadata), each posted once:
 * succeeded: the held money goes to the payer and Crewpay's share of its fee with it (and the
 * provider is asked to return that share); failed while pending: the hold goes back; failed after
 * it had succeeded (a card's refund bounced): the money is back in the wallet. An event before its
 * refund is recorded waits.
 */
export async function applyRefundEvent(unit: HandlerUnit, event: ProviderEvent, now: Date): Promise<'retry_later' | 'done'> {
  const { tx } = unit;
  const refundId = event.data.refund_id;
  if (!refundId) return 'done';
  const [refund] = await tx
    .select()
    .from(chargeRefunds)
    .where(and(eq(chargeRefunds.org_id, event.org_id), eq(chargeRefunds.id, refundId)))
    .for('update');
  if (!refund) return 'retry_later';
  const metadata = { invoice_id: refund.invoice_id, charge_id: refund.charge_id, refund_id: refund.id };
  const a = await findLedgerAccounts(tx, event.org_id);
  if (event.type === 'refund.succeeded') {
    if (refund.status !== 'pending') return 'done';
    await tx
      .update(chargeRefunds)
      .set({ status: 'succeeded', settled_at: now, provider_id: refund.provider_id ?? event.object_id })
      .where(eq(chargeRefunds.id, refund.id));
    await postTransfer(tx, {
      org_id: event.org_id,
      key: `refund:${refund.id}:refunded`,
      type: 'invoice_refunded',
      metadata,
      entries: refundedEntries(a, refund),
    });
    const [charge] = await tx.select().from(charges).where(eq(charges.id, refund.charge_id));
    await recordFeeRefund(tx, event.provider, charge!, { key: `refund:${refund.id}`, amount: refund.fee_refund });
    await publishDomainEvent(unit, {
      org_id: event.org_id,
      type: 'invoice.refunded',
      data: { ...metadata, amount: refund.amount, fee_refund: refund.fee_refund },
    });
    return 'done';
  }
  if (refund.status === 'failed') return 'done';
  if (refund.status === 'pending') await failRefund(tx, refund, event.data.reason ?? null);
  else {
    await tx
      .update(chargeRefunds)
      .set({ status: 'failed', failure_reason: event.data.reason ?? null, failed_at: now })
      .where(eq(chargeRefunds.id, refund.id));
    await postTransfer(tx, {
      org_id: event.org_id,
      key: `refund:${refund.id}:bounced`,
      type: 'invoice_refund_failed',
      metadata,
      entries: arrivedMoneyEntries(a, { amount: refund.amount, fee: 0 }),
    });
  }
  await publishDomainEvent(unit, {
    org_id: event.org_id,
    type: 'invoice.refund_failed',
    data: { ...metadata, amount: refund.amount, reason: event.data.reason ?? null },
  });
  return 'done';
}
