import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { payments, treasuryTransactions, type Payment, type ProviderEvent } from '../../db/schema/index.ts';
import { findLedgerAccounts } from '../ledger/index.ts';
import { postTransfer, type LedgerEntryInput } from '../ledger/index.ts';
import { emitWebhookEvent } from '../webhooks/index.ts';

type Edge = { from: Payment['status']; to: 'succeeded' | 'failed' | 'returned' };

const EDGES: Record<string, Edge> = {
  'payout.paid': { from: 'processing', to: 'succeeded' },
  'payout.failed': { from: 'processing', to: 'failed' },
  'payout.returned': { from: 'succeeded', to: 'returned' },
};

export const isPayoutEvent = (type: string) => type in EDGES;

/**
 * A payout's outcome from its rail (called by the one provider-event handler, in its transaction).
 * The payment and its wallet transaction move along one edge only; the ledger posting is keyed
 * by the event id. paid: held -> outside_bank (amount) and fees (fee); failed: held -> available;
 * returned: outside_bank and fees -> available.
 */
export async function applyPayoutEvent(tx: Tx, event: ProviderEvent, now: Date): Promise<void> {
  const edge = EDGES[event.type];
  if (!edge) throw new Error(`Unknown payout event type ${event.type}`);
  const reason = event.data.reason ?? null;
  const dates: Partial<Payment> =
    edge.to === 'succeeded'
      ? { date_posted: now }
      : edge.to === 'failed'
        ? { date_failed: now, failure_reason: reason }
        : { date_returned: now, failure_reason: reason };
  const [payment] = await tx
    .update(payments)
    .set({ status: edge.to, ...dates })
    .where(and(eq(payments.org_id, event.org_id), eq(payments.stripe_reference_id, event.object_id), eq(payments.status, edge.from)))
    .returning();
  if (!payment) return;
  await tx
    .update(treasuryTransactions)
    .set({
      status: edge.to,
      ...(edge.to === 'succeeded' ? { posted_at: now } : edge.to === 'failed' ? { failed_at: now } : { returned_at: now }),
      failure_reason: reason,
    })
    .where(and(eq(treasuryTransactions.org_id, event.org_id), eq(treasuryTransactions.provider_id, event.object_id)));
  const a = await findLedgerAccounts(tx, event.org_id);
  const { amount, fee } = payment;
  let entries: LedgerEntryInput[];
  if (edge.to === 'succeeded') {
    entries = [
      { account_id: a.wallet_held.id, amount: -(amount + fee) },
      { account_id: a.outside_bank.id, amount },
    ];
    if (fee > 0) entries.push({ account_id: a.fees.id, amount: fee });
  } else if (edge.to === 'failed') {
    entries = [
      { account_id: a.wallet_held.id, amount: -(amount + fee) },
      { account_id: a.wallet_available.id, amount: amount + fee },
    ];
  } else {
    entries = [
      { account_id: a.outside_bank.id, amount: -amount },
      { account_id: a.wallet_available.id, amount: amount + fee },
    ];
    if (fee > 0) entries.push({ account_id: a.fees.id, amount: -fee });
  }
  await postTransfer(tx, {
    org_id: event.org_id,
    key: `event:${event.id}`,
    type: `payment_${edge.to}`,
    metadata: { payment_id: payment.id },
    entries,
  });
  await emitWebhookEvent(tx, {
    org_id: event.org_id,
    type: edge.to === 'succeeded' ? 'payment.posted' : `payment.${edge.to}`,
    data: { id: payment.id, status: edge.to, amount, fee },
  });
}
