import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { ledgerTransfers, niumPayouts, payments, type NiumPayoutRow, type Payment } from '../../db/schema/index.ts';
import { publishDomainEvent, type HandlerUnit, type ProviderEventOutcome } from '../../events/dispatcher.ts';
import {
  findCurrencyAccounts,
  findLedgerAccounts,
  niumFailedEntries,
  niumPaidEntries,
  niumReturnedEntries,
  postTransfer,
} from '../ledger/index.ts';
import { recordFeeTransfer } from '../platform-fees/index.ts';
import { releaseWithheldTax } from './withheld-tax.ts';

export type AbroadOutcome = 'paid' | 'failed' | 'returned';
const EDGE: Record<AbroadOutcome, { from: Payment['status']; to: 'succeeded' | 'failed' | 'returned'; waitsWhile?: Payment['status'] }> = {
  paid: { from: 'processing', to: 'succeeded' },
  failed: { from: 'processing', to: 'failed' },
  returned: { from: 'succeeded', to: 'returned', waitsWhile: 'processing' },
};

/** What Nium said it converted (the event's figures), else what the locked quote said it would. */
type Converted = { source?: number; destination?: number; rate?: string; reason?: string | null };

export const sentKey = (paymentId: string) => `nium_sent:${paymentId}`;

async function hasSent(tx: Tx, orgId: string, paymentId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: ledgerTransfers.id })
    .from(ledgerTransfers)
    .where(and(eq(ledgerTransfers.org_id, orgId), eq(ledgerTransfers.idempotency_key, sentKey(paymentId))));
  return row !== undefined;
}

/**
 * A payment abroad reaches its end (locked): paid (the conversion booked as ONE transfer at what
 * Nium converted, the fee collected), failed before the payee's bank was paid (Nium's wallet
 * credited back, the fee back to the US wallet), or returned after (the conversion undone). A
 * payment not on the edge changes nothing, or waits ('retry_later') while it is before it, as
 * does an outcome that overtook the record of Nium taking the money.
 */
export async function settleAbroad(
  unit: HandlerUnit,
  options: { payout: NiumPayoutRow; outcome: AbroadOutcome; converted: Converted; now: Date },
): Promise<ProviderEventOutcome> {
  const { tx } = unit;
  const { payout, outcome, converted, now } = options;
  const edge = EDGE[outcome];
  const [current] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.org_id, payout.org_id), eq(payments.id, payout.payment_id)))
    .for('update');
  if (!current) return 'retry_later';
  if (current.status !== edge.from) return current.status === edge.waitsWhile ? 'retry_later' : undefined;
  const sent = await hasSent(tx, payout.org_id, payout.payment_id);
  // Nium's paid overtook our record of its answer: the dollars are not booked as sent yet.
  if (outcome !== 'failed' && !sent) return 'retry_later';
  const source = converted.source ?? payout.source_amount;
  const destination = converted.destination ?? payout.destination_amount;
  // A payment converted at the rate of the moment, read by the sweep: the webhook brings its figures.
  if (outcome !== 'failed' && destination === null) return 'retry_later';
  const usd = await findLedgerAccounts(tx, payout.org_id);
  const foreign = await findCurrencyAccounts(tx, payout.org_id, payout.destination_currency);
  const money = { source, destination: destination ?? 0, fee: current.fee };
  const entries =
    outcome === 'paid'
      ? niumPaidEntries(usd, foreign, money)
      : outcome === 'returned'
        ? niumReturnedEntries(usd, foreign, money)
        : niumFailedEntries(usd, { source, fee: current.fee, sent });
  const rate = converted.rate ?? payout.rate ?? '';
  const posted = await postTransfer(tx, {
    org_id: payout.org_id,
    key: `nium_${outcome}:${payout.payment_id}`,
    type: `payment_${edge.to}`,
    memo: outcome === 'paid' ? `Converted USD to ${payout.destination_currency} at ${rate}` : `Payment abroad ${outcome}`,
    metadata: {
      payment_id: payout.payment_id,
      source_currency: payout.source_currency,
      source_amount: String(source),
      destination_currency: payout.destination_currency,
      destination_amount: String(destination ?? 0),
      rate,
    },
    entries,
  });
  const reason = converted.reason ?? null;
  await tx
    .update(payments)
    .set({
      status: edge.to,
      ...(edge.to === 'succeeded'
        ? { date_posted: now, failure_reason: null }
        : edge.to === 'failed'
          ? { date_failed: now, failure_reason: reason }
          : { date_returned: now, failure_reason: reason }),
    })
    .where(eq(payments.id, current.id));
  await tx
    .update(niumPayouts)
    .set({
      status: outcome === 'failed' ? 'failed' : outcome,
      ...(outcome === 'paid' ? { destination_amount: destination, rate: rate || null, source_amount: source } : {}),
    })
    .where(eq(niumPayouts.payment_id, payout.payment_id));
  // A payment abroad that failed or came back paid nothing: its withheld tax is not owed (once, keyed by the payment).
  if (edge.to !== 'succeeded') await releaseWithheldTax(tx, payout.org_id, current.id);
  if (edge.to !== 'failed')
    await recordFeeTransfer(tx, {
      org_id: payout.org_id,
      direction: edge.to === 'succeeded' ? 'collect' : 'refund',
      amount: current.fee,
      ledger_transfer_id: posted.id,
      description: edge.to === 'succeeded' ? 'Crewpay payout fee' : 'Crewpay payout fee refund',
    });
  await publishDomainEvent(unit, {
    org_id: payout.org_id,
    type: edge.to === 'succeeded' ? 'payment.posted' : `payment.${edge.to}`,
    data: { id: current.id, status: edge.to, amount: current.amount, fee: current.fee },
  });
}
