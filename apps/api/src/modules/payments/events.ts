import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { payments, treasuryTransactions, type Payment, type ProviderEvent } from '../../db/schema/index.ts';
import { publishDomainEvent, type HandlerUnit, type ProviderEventHandler, type ProviderEventOutcome } from '../../events/dispatcher.ts';
import { findLedgerAccounts, outgoingMoneyEntries, paypalPayoutEntries, postTransfer, type OutgoingOutcome } from '../ledger/index.ts';
import { recordFeeTransfer } from '../platform-fees/index.ts';
import { hasPaypalSent, isPaypalMethod, postPaypalSent } from './paypal-money.ts';
import { releaseWithheldTax } from './withheld-tax.ts';

type Target = 'succeeded' | 'failed' | 'returned';
/** One edge of a payment's state machine; `waitsWhile`: the earlier state an early event waits out (a return before its paid). */
type Edge = { from: Payment['status']; to: Target; waitsWhile?: Payment['status'] };

export const PAYOUT_EDGES: Record<string, Edge> = {
  'payout.paid': { from: 'processing', to: 'succeeded' },
  'payout.failed': { from: 'processing', to: 'failed' },
  'payout.returned': { from: 'succeeded', to: 'returned', waitsWhile: 'processing' },
};

/** A PayPal or Venmo item PayPal holds (unclaimed, on hold): the payment stays processing and says why. */
const HELD = 'payout.held';

const isPayoutEvent = (type: string) => type in PAYOUT_EDGES || type === HELD;

/** A payment's end state is the outcome of the money it sent out (modules/ledger/recipes.ts). */
const OUTCOME_OF: Record<Target, OutgoingOutcome> = { succeeded: 'paid', failed: 'failed', returned: 'returned' };

/** The ledger entries of a payment's outcome: the wallet's recipe, or PayPal's for a payment PayPal pays from the organisation's account. */
async function outcomeEntries(tx: Tx, payment: Payment, outcome: OutgoingOutcome) {
  const accounts = await findLedgerAccounts(tx, payment.org_id);
  const money = { amount: payment.amount, fee: payment.fee };
  if (!isPaypalMethod(payment.method)) return outgoingMoneyEntries(accounts, outcome, money);
  let sent = await hasPaypalSent(tx, payment.org_id, payment.id);
  // An outcome that overtook the record of PayPal accepting the batch: the amount had left the PayPal balance.
  if (!sent && outcome !== 'failed') {
    await postPaypalSent(tx, payment);
    sent = true;
  }
  return paypalPayoutEntries(accounts, outcome, { ...money, sent });
}

/**
 * Moves a payment (locked) along one edge, with its wallet transaction and the ledger posting
 * keyed `key`: paid: held -> outside_bank (amount) and fees (fee); failed: held -> available;
 * returned: outside_bank and fees -> available (for PayPal and Venmo, the amount on the
 * organisation's PayPal account instead: paypalPayoutEntries). Not on the edge: nothing changes,
 * or 'retry_later' when the payment is still before it. The payout's id is recorded when known.
 */
export async function settlePayment(
  unit: HandlerUnit,
  options: { org_id: string; payment_id: string; edge: Edge; reason: string | null; key: string; now: Date; payout_id?: string },
): Promise<ProviderEventOutcome> {
  const { tx } = unit;
  const { edge, now, reason } = options;
  const [current] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.org_id, options.org_id), eq(payments.id, options.payment_id)))
    .for('update');
  if (!current) return 'retry_later';
  if (current.status !== edge.from) return current.status === edge.waitsWhile ? 'retry_later' : undefined;
  const dates: Partial<Payment> =
    edge.to === 'succeeded'
      ? { date_posted: now, failure_reason: null }
      : edge.to === 'failed'
        ? { date_failed: now, failure_reason: reason }
        : { date_returned: now, failure_reason: reason };
  const payoutId = current.stripe_reference_id ?? options.payout_id ?? null;
  const [payment] = await tx
    .update(payments)
    .set({ status: edge.to, stripe_reference_id: payoutId, ...dates })
    .where(eq(payments.id, current.id))
    .returning();
  await tx
    .update(treasuryTransactions)
    .set({
      status: edge.to,
      ...(edge.to === 'succeeded' ? { posted_at: now } : edge.to === 'failed' ? { failed_at: now } : { returned_at: now }),
      failure_reason: reason,
      provider_id: sql`COALESCE(${treasuryTransactions.provider_id}, ${payoutId})`,
    })
    .where(and(eq(treasuryTransactions.org_id, options.org_id), sql`${treasuryTransactions.metadata}->>'payment_id' = ${current.id}`));
  const { amount, fee } = payment!;
  const entries = await outcomeEntries(tx, current, OUTCOME_OF[edge.to]);
  // A PayPal payment refused before PayPal took anything, with no fee: nothing moved, nothing to post.
  const posted =
    entries.length > 0
      ? await postTransfer(tx, {
          org_id: options.org_id,
          key: options.key,
          type: `payment_${edge.to}`,
          metadata: { payment_id: current.id },
          entries,
        })
      : null;
  // A payout that failed or came back paid the payee nothing: the tax kept back from it is not owed.
  if (edge.to !== 'succeeded') await releaseWithheldTax(tx, options.org_id, current.id);
  // The payout's fee goes to the platform once it is paid, and back if the payout is returned.
  if (posted && edge.to !== 'failed')
    await recordFeeTransfer(tx, {
      org_id: options.org_id,
      direction: edge.to === 'succeeded' ? 'collect' : 'refund',
      amount: fee,
      ledger_transfer_id: posted.id,
      description: edge.to === 'succeeded' ? 'Crewpay payout fee' : 'Crewpay payout fee refund',
    });
  await publishDomainEvent(unit, {
    org_id: options.org_id,
    type: edge.to === 'succeeded' ? 'payment.posted' : `payment.${edge.to}`,
    data: { id: current.id, status: edge.to, amount, fee },
  });
}

/**
 * A payout's outcome from its rail. The payment is found by our own id in the event (so an event
 * that overtakes the record of the provider's answer still applies), or, for an event without
 * it, by the payout's id. The ledger posting is keyed by the event id.
 */
async function applyPayoutEvent(unit: HandlerUnit, event: ProviderEvent, now: Date): Promise<ProviderEventOutcome> {
  const { tx } = unit;
  if (event.type === HELD) return notePayoutHeld(tx, event);
  const edge = PAYOUT_EDGES[event.type];
  if (!edge) throw new Error(`Unknown payout event type ${event.type}`);
  let paymentId = event.data.payment_id;
  if (!paymentId) {
    const [byPayout] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.org_id, event.org_id), eq(payments.stripe_reference_id, event.object_id)));
    if (!byPayout) return 'retry_later';
    paymentId = byPayout.id;
  }
  return settlePayment(unit, {
    org_id: event.org_id,
    payment_id: paymentId,
    edge,
    reason: event.data.reason ?? null,
    key: `event:${event.id}`,
    now,
    // An event about a whole batch (PayPal's DENIED) names no payout of the payment's own.
    payout_id: event.data.batch_id ? undefined : event.object_id,
  });
}

export const payoutEvents: ProviderEventHandler = { handles: isPayoutEvent, apply: applyPayoutEvent };

/** PayPal holds the item (unclaimed, on hold): no money moves (the amount is with PayPal), the payment shows why it waits. */
async function notePayoutHeld(tx: Tx, event: ProviderEvent): Promise<ProviderEventOutcome> {
  const paymentId = event.data.payment_id;
  if (!paymentId) return undefined;
  const [held] = await tx
    .update(payments)
    .set({
      failure_reason: event.data.reason ?? null,
      stripe_reference_id: sql`COALESCE(${payments.stripe_reference_id}, ${event.object_id})`,
    })
    .where(and(eq(payments.org_id, event.org_id), eq(payments.id, paymentId), eq(payments.status, 'processing')))
    .returning({ id: payments.id });
  if (held) return undefined;
  const [known] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.org_id, event.org_id), eq(payments.id, paymentId)));
  // Not recorded yet: wait for it; already settled: a late word, nothing to say.
  return known ? undefined : 'retry_later';
}
