import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { charges, invoices, type ProviderEvent } from '../../db/schema/index.ts';
import { publishDomainEvent, type HandlerUnit, type ProviderEventHandler } from '../../events/dispatcher.ts';
import {
  findCurrencyAccounts,
  findLedgerAccounts,
  invoicePaidEntries,
  invoicePaidFxEntries,
  postTransfer,
  takenBackEntries,
} from '../ledger/index.ts';
import { failCharge, moveCharge, NO_ACTION, queueReceipt } from './charge-outcomes.ts';
import { DISPUTE_EVENTS, applyDisputeEvent } from './dispute-events.ts';
import { recordFeeRefund, unrefundedFee } from './fee-refunds.ts';
import { applyRefundEvent, REFUND_EVENTS } from './refund-events.ts';

const target = (event: ProviderEvent) => ({ org_id: event.org_id, charge_id: event.data.charge_id, provider_id: event.object_id });

/** What Stripe settled in USD for a charge in another currency (its balance transaction), as the event brings it; null for USD. */
function settlementOf(event: ProviderEvent): { settled_usd: number; settled_fee_usd: number; exchange_rate: string } | null {
  const { settled_usd: usd, settled_fee_usd: fee, exchange_rate: rate } = event.data;
  if (usd === undefined || fee === undefined || !rate) return null;
  return { settled_usd: Number(usd), settled_fee_usd: Number(fee), exchange_rate: rate };
}

/**
 * Settled: amount - fee is in the organisation's payments balance (arriving, not spendable until
 * its payout lands in the financial account: docs/money-flows.md), the fee account the fee; the
 * invoice is paid and its payer gets the receipt. "Release when paid" waits for the payout
 * (the funds-arrived hook runs when it lands).
 */
async function settle(unit: HandlerUnit, event: ProviderEvent, now: Date) {
  const { tx } = unit;
  const settled = settlementOf(event);
  const charge = await moveCharge(
    tx,
    { ...target(event), from: 'pending', to: 'succeeded' },
    { settled_at: now, ...NO_ACTION, ...(settled ?? {}) },
  );
  if (typeof charge === 'string') return charge;
  if (charge.currency !== 'usd' && !settled) throw new Error(`Charge ${charge.id} in ${charge.currency} settled without its USD figures`);
  const a = await findLedgerAccounts(tx, event.org_id);
  await postTransfer(tx, {
    org_id: event.org_id,
    key: `charge:${charge.id}:settled`,
    type: charge.charge_type === 'card' ? 'invoice_card_settled' : 'invoice_ach_settled',
    ...(settled
      ? {
          memo: `Converted ${charge.currency.toUpperCase()} to USD at ${settled.exchange_rate}`,
          metadata: {
            invoice_id: charge.invoice_id,
            charge_id: charge.id,
            source_currency: charge.currency,
            source_amount: String(charge.amount),
            destination_currency: 'usd',
            destination_amount: String(settled.settled_usd),
            rate: settled.exchange_rate,
          },
          entries: invoicePaidFxEntries(a, await findCurrencyAccounts(tx, event.org_id, charge.currency), {
            amount: charge.amount,
            ...settled,
          }),
        }
      : { metadata: { invoice_id: charge.invoice_id, charge_id: charge.id }, entries: invoicePaidEntries(a, charge) }),
  });
  await tx
    .update(invoices)
    .set({ status: 'succeeded', paid_at: now })
    .where(and(eq(invoices.id, charge.invoice_id), eq(invoices.status, 'requires_info')));
  await publishDomainEvent(unit, {
    org_id: event.org_id,
    type: 'invoice.paid',
    data: {
      invoice_id: charge.invoice_id,
      charge_id: charge.id,
      amount: charge.amount,
      currency: charge.currency,
      fee: charge.fee,
      charge_type: charge.charge_type,
    },
  });
  await queueReceipt(tx, charge);
  return 'done';
}

/** A bank account verified by its micro-deposits is being debited: nothing left for the payer to do. */
async function processing(tx: Tx, event: ProviderEvent) {
  const chargeId = event.data.charge_id;
  if (!chargeId) return 'done';
  const [row] = await tx
    .select({ status: charges.status })
    .from(charges)
    .where(and(eq(charges.org_id, event.org_id), eq(charges.id, chargeId)))
    .for('update');
  if (!row) return 'retry_later';
  if (row.status === 'pending') await tx.update(charges).set(NO_ACTION).where(eq(charges.id, chargeId));
  return 'done';
}

/**
 * An ACH return takes the money back: the settlement is reversed (what the wallet no longer holds
 * becomes owed by the organisation, like a treasury return), Crewpay gives its fee back (a call
 * to the provider records it), and the invoice is open again.
 */
async function reverse(unit: HandlerUnit, event: ProviderEvent, now: Date) {
  const { tx } = unit;
  const charge = await moveCharge(
    tx,
    { ...target(event), from: 'succeeded', to: 'reversed', waitsWhile: 'pending' },
    { reversed_at: now, failure_reason: event.data.reason ?? null },
  );
  if (typeof charge === 'string') return charge;
  const a = await findLedgerAccounts(tx, event.org_id, { lock: true });
  const fee = await unrefundedFee(tx, charge);
  const entries = takenBackEntries(a, { amount: charge.amount, fee });
  await postTransfer(tx, {
    org_id: event.org_id,
    key: `charge:${charge.id}:reversed`,
    type: 'invoice_ach_returned',
    metadata: { invoice_id: charge.invoice_id, charge_id: charge.id },
    entries,
  });
  const owed = -(entries.find((entry) => entry.account_id === a.receivable.id)?.amount ?? 0);
  if (owed > 0) await publishDomainEvent(unit, { org_id: event.org_id, type: 'wallet.owes', data: { amount: owed } });
  await recordFeeRefund(tx, event.provider, charge, { key: `return:${charge.id}`, amount: fee });
  await tx
    .update(invoices)
    .set({ status: 'requires_info', paid_at: null })
    .where(and(eq(invoices.id, charge.invoice_id), eq(invoices.status, 'succeeded')));
  return 'done';
}

const CHARGE_EVENTS = new Set(['charge.succeeded', 'charge.processing', 'charge.failed', 'charge.ach_returned']);

export const chargeEvents: ProviderEventHandler = {
  handles: (type) => CHARGE_EVENTS.has(type) || DISPUTE_EVENTS.has(type) || REFUND_EVENTS.has(type),
  async apply(unit, event, now) {
    const outcome = await applyChargeEvent(unit, event, now);
    return outcome === 'retry_later' ? 'retry_later' : undefined;
  },
};

function applyChargeEvent(unit: HandlerUnit, event: ProviderEvent, now: Date) {
  const { tx } = unit;
  if (DISPUTE_EVENTS.has(event.type)) return applyDisputeEvent(unit, event, now);
  if (REFUND_EVENTS.has(event.type)) return applyRefundEvent(unit, event, now);
  switch (event.type) {
    case 'charge.succeeded':
      return settle(unit, event, now);
    case 'charge.processing':
      return processing(tx, event);
    case 'charge.failed':
      return failCharge(unit, { ...target(event), reason: event.data.reason ?? null, now });
    default:
      return reverse(unit, event, now);
  }
}
