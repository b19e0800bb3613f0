import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { announceFundsArrived, publishDomainEvent, type HandlerUnit } from '../../events/dispatcher.ts';
import { chargeDisputes, charges, invoices, type Charge, type ChargeDispute, type ProviderEvent } from '../../db/schema/index.ts';
import {
  feeReturnedEntries,
  findCurrencyAccounts,
  findLedgerAccounts,
  givenBackEntries,
  postTransfer,
  takenBackEntries,
  throughFx,
  type LedgerEntryInput,
  type WalletAccounts,
} from '../ledger/index.ts';
import { newId } from '../../lib/ids.ts';
import { moveCharge } from './charge-outcomes.ts';
import { tellOwnersOfDispute } from './dispute-messages.ts';
import { recordFeeRefund, unrefundedFee } from './fee-refunds.ts';

export const DISPUTE_EVENTS = new Set([
  'charge.dispute.created',
  'charge.dispute.funds_withdrawn',
  'charge.dispute.funds_reinstated',
  'charge.dispute.closed',
]);

type Outcome = 'retry_later' | 'done';
type Found = { charge: Charge; dispute: ChargeDispute };
const at = (value: string | undefined) => (value ? new Date(value) : null);

/** The dispute of the event's charge, locked; 'retry_later' while the charge or the dispute is not known yet. */
async function disputeOf(tx: Tx, event: ProviderEvent): Promise<Found | 'retry_later'> {
  const [charge] = await tx
    .select()
    .from(charges)
    .where(and(eq(charges.org_id, event.org_id), eq(charges.id, event.data.charge_id ?? '')));
  if (!charge) return 'retry_later';
  const [dispute] = await tx.select().from(chargeDisputes).where(eq(chargeDisputes.charge_id, charge.id)).for('update');
  return dispute ? { charge, dispute } : 'retry_later';
}

/** Opened by the payer's bank: recorded, shown on the invoice, the owners told. The money moves with funds_withdrawn. */
async function opened(unit: HandlerUnit, event: ProviderEvent, now: Date): Promise<Outcome> {
  const { tx } = unit;
  const [charge] = await tx
    .select()
    .from(charges)
    .where(and(eq(charges.org_id, event.org_id), eq(charges.id, event.data.charge_id ?? '')))
    .for('update');
  if (!charge || charge.status === 'pending') return 'retry_later';
  const [dispute] = await tx
    .insert(chargeDisputes)
    .values({
      id: newId(),
      org_id: charge.org_id,
      charge_id: charge.id,
      invoice_id: charge.invoice_id,
      provider_id: event.data.dispute_id ?? event.object_id,
      amount: Number(event.data.amount ?? charge.amount),
      reason: event.data.reason ?? 'general',
      status: event.data.status ?? 'needs_response',
      evidence_due_by: at(event.data.evidence_due_by),
      created_at: now,
    })
    .onConflictDoNothing({ target: chargeDisputes.charge_id })
    .returning();
  if (!dispute) return 'done';
  await publishDomainEvent(unit, { org_id: charge.org_id, type: 'invoice.disputed', data: disputeData(charge, dispute) });
  await tellOwnersOfDispute(tx, charge, dispute);
  return 'done';
}

const disputeData = (charge: Charge, dispute: ChargeDispute) => ({
  invoice_id: charge.invoice_id,
  charge_id: charge.id,
  // In the invoice's currency, as the dispute is.
  amount: dispute.amount,
  currency: charge.currency,
  reason: dispute.reason,
  status: dispute.status,
});

const ledgerOf = (found: Found) => ({ invoice_id: found.charge.invoice_id, charge_id: found.charge.id, dispute_id: found.dispute.id });

/**
 * What a dispute's money event moved in USD, and how to book it: a USD charge's dispute moves its
 * own amount; one in another currency moves the dollars Stripe reported (its balance transactions,
 * `usd_amount`), and its outside leg goes through FX clearing in the invoice's currency.
 */
async function disputeDollars(tx: Tx, event: ProviderEvent, found: Found, a: WalletAccounts) {
  const { charge, dispute } = found;
  if (charge.currency === 'usd') return { usd: dispute.amount, book: (entries: LedgerEntryInput[]) => entries };
  const usd = Number(event.data.usd_amount);
  if (!Number.isSafeInteger(usd) || usd < 0)
    throw new Error(`Dispute ${dispute.id} in ${charge.currency} moved money without its USD figure`);
  const foreign = await findCurrencyAccounts(tx, event.org_id, charge.currency);
  return { usd, book: (entries: LedgerEntryInput[]) => throughFx(entries, a, foreign, dispute.amount) };
}

/** The amount leaves the organisation's account: the wallet gives what it has, the rest becomes owed. Crewpay keeps its fee while the dispute is open. */
async function withdrawn(unit: HandlerUnit, event: ProviderEvent, found: Found, now: Date): Promise<Outcome> {
  const { tx } = unit;
  const { dispute } = found;
  if (dispute.funds_withdrawn_at) return 'done';
  const a = await findLedgerAccounts(tx, event.org_id, { lock: true });
  const dollars = await disputeDollars(tx, event, found, a);
  const entries = dollars.book(takenBackEntries(a, { amount: dollars.usd, fee: 0 }));
  const fromWallet = -(entries.find((entry) => entry.account_id === a.wallet_available.id)?.amount ?? 0);
  await postTransfer(tx, {
    org_id: event.org_id,
    key: `dispute:${dispute.id}:withdrawn`,
    type: 'invoice_card_disputed',
    metadata: ledgerOf(found),
    entries,
  });
  await tx
    .update(chargeDisputes)
    .set({ funds_withdrawn_at: now, wallet_share: fromWallet, ...(found.charge.currency === 'usd' ? {} : { withdrawn_usd: dollars.usd }) })
    .where(eq(chargeDisputes.id, dispute.id));
  // More than the wallet held: the rest is owed, repaid first from the next money that lands; the owner is told.
  const owed = -(entries.find((entry) => entry.account_id === a.receivable.id)?.amount ?? 0);
  if (owed > 0) await publishDomainEvent(unit, { org_id: event.org_id, type: 'wallet.owes', data: { amount: owed } });
  return 'done';
}

/** Won: the amount comes back as it went, to the wallet its share and to what was owed the rest. */
async function reinstated(tx: Tx, event: ProviderEvent, found: Found, now: Date): Promise<Outcome> {
  const { dispute } = found;
  if (dispute.funds_reinstated_at) return 'done';
  if (!dispute.funds_withdrawn_at) return 'retry_later';
  const a = await findLedgerAccounts(tx, event.org_id, { lock: true });
  const dollars = await disputeDollars(tx, event, found, a);
  await postTransfer(tx, {
    org_id: event.org_id,
    key: `dispute:${dispute.id}:reinstated`,
    type: 'invoice_dispute_reinstated',
    metadata: ledgerOf(found),
    // In another currency the dollars back may differ from those taken (the rate moved): the wallet gets at most its share.
    entries: dollars.book(givenBackEntries(a, { amount: dollars.usd, from_wallet: Math.min(dispute.wallet_share, dollars.usd) })),
  });
  await tx
    .update(chargeDisputes)
    .set({ funds_reinstated_at: now, ...(found.charge.currency === 'usd' ? {} : { reinstated_usd: dollars.usd }) })
    .where(eq(chargeDisputes.id, dispute.id));
  return 'done';
}

/**
 * Decided: won keeps the invoice paid; lost reverses the charge, opens the invoice again and gives
 * Crewpay's fee back (in the ledger and, by a call, at the provider). A close that overtook the
 * money's own event waits for it.
 */
async function closed(unit: HandlerUnit, event: ProviderEvent, found: Found, now: Date): Promise<Outcome> {
  const { tx } = unit;
  const { charge, dispute } = found;
  if (dispute.closed_at) return 'done';
  const status = event.data.status ?? 'lost';
  if (status === 'lost' && !dispute.funds_withdrawn_at) return 'retry_later';
  if (status === 'won' && dispute.funds_withdrawn_at && !dispute.funds_reinstated_at) return 'retry_later';
  const [done] = await tx.update(chargeDisputes).set({ status, closed_at: now }).where(eq(chargeDisputes.id, dispute.id)).returning();
  if (status === 'lost') {
    await moveCharge(
      tx,
      { org_id: charge.org_id, charge_id: charge.id, from: 'succeeded', to: 'reversed' },
      { reversed_at: now, failure_reason: dispute.reason },
    );
    const fee = await unrefundedFee(tx, charge);
    if (fee > 0) {
      const a = await findLedgerAccounts(tx, event.org_id);
      // The fee is in the invoice's currency; what Crewpay got, and gives back, are its settled dollars.
      const usdFee = charge.currency === 'usd' ? fee : Math.round(((charge.settled_fee_usd ?? 0) * fee) / charge.fee);
      await postTransfer(tx, {
        org_id: event.org_id,
        key: `dispute:${dispute.id}:lost`,
        type: 'invoice_dispute_lost',
        metadata: ledgerOf(found),
        entries: feeReturnedEntries(a, usdFee),
      });
      await recordFeeRefund(tx, event.provider, charge, { key: `dispute:${dispute.id}`, amount: fee, usd_amount: usdFee });
    }
    await tx
      .update(invoices)
      .set({ status: 'requires_info', paid_at: null })
      .where(and(eq(invoices.id, charge.invoice_id), eq(invoices.status, 'succeeded')));
  }
  await publishDomainEvent(unit, { org_id: charge.org_id, type: 'invoice.dispute_closed', data: disputeData(charge, done!) });
  await tellOwnersOfDispute(tx, charge, done!);
  // Won, the invoice's money is the organisation's to keep: what waited on it (Release when paid) may go out.
  if (status === 'won') unit.afterCommit(() => announceFundsArrived(unit.deps, event.org_id));
  return 'done';
}

/** A dispute's lifecycle, each event applied once along its order; its status follows the provider's. */
export async function applyDisputeEvent(unit: HandlerUnit, event: ProviderEvent, now: Date): Promise<Outcome> {
  const { tx } = unit;
  if (event.type === 'charge.dispute.created') return opened(unit, event, now);
  const found = await disputeOf(tx, event);
  if (found === 'retry_later') return found;
  if (event.type === 'charge.dispute.closed') return closed(unit, event, found, now);
  const outcome =
    event.type === 'charge.dispute.funds_withdrawn' ? await withdrawn(unit, event, found, now) : await reinstated(tx, event, found, now);
  if (outcome === 'done' && event.data.status && !found.dispute.closed_at)
    await tx.update(chargeDisputes).set({ status: event.data.status }).where(eq(chargeDisputes.id, found.dispute.id));
  return outcome;
}
