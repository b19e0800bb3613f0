import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { charges, invoices, type Charge, type ProviderEvent } from '../../db/schema/index.ts';
import { announceFundsArrived, type ProviderEventHandler, type ProviderEventOutcome } from '../../events/dispatcher.ts';
import { arrivedMoneyEntries, findLedgerAccounts, postTransfer, takenBackEntries } from '../ledger/index.ts';
import { emitWebhookEvent } from '../webhooks/index.ts';

type Status = Charge['status'];
type Moved = { row: Charge } | { outcome: ProviderEventOutcome };

/**
 * Moves a charge along one edge (pending -> succeeded | failed, succeeded -> reversed). Found by
 * our own id in the event (Stripe's metadata), so an event overtaking the record of the call's
 * answer still applies. Unknown, or still before the edge (a return before its settlement): the
 * event waits. Already past it: nothing changes, so repeated and late events are harmless.
 */
async function transition(
  tx: Tx,
  event: ProviderEvent,
  from: Status,
  to: Status,
  changes: Partial<Charge>,
  waitsWhile?: Status,
): Promise<Moved> {
  const chargeId = event.data.charge_id;
  if (!chargeId) return { outcome: undefined };
  const [current] = await tx
    .select()
    .from(charges)
    .where(and(eq(charges.org_id, event.org_id), eq(charges.id, chargeId)))
    .for('update');
  if (!current) return { outcome: 'retry_later' };
  if (current.status !== from) return { outcome: current.status === waitsWhile ? 'retry_later' : undefined };
  const [row] = await tx
    .update(charges)
    .set({ status: to, provider_id: current.provider_id ?? event.object_id, ...changes })
    .where(eq(charges.id, current.id))
    .returning();
  return { row: row! };
}

/** Settled: the wallet gets amount - fee, the fee account the fee; the invoice is paid. */
async function settle(tx: Tx, event: ProviderEvent, now: Date, afterCommit: Parameters<ProviderEventHandler['apply']>[3]) {
  const moved = await transition(tx, event, 'pending', 'succeeded', { settled_at: now });
  if (!('row' in moved)) return moved.outcome;
  const charge = moved.row;
  const a = await findLedgerAccounts(tx, event.org_id);
  await postTransfer(tx, {
    org_id: event.org_id,
    key: `charge:${charge.id}:settled`,
    type: charge.charge_type === 'card' ? 'invoice_card_settled' : 'invoice_ach_settled',
    metadata: { invoice_id: charge.invoice_id, charge_id: charge.id },
    entries: arrivedMoneyEntries(a, charge),
  });
  await tx
    .update(invoices)
    .set({ status: 'succeeded', paid_at: now })
    .where(and(eq(invoices.id, charge.invoice_id), eq(invoices.status, 'requires_info')));
  await emitWebhookEvent(tx, {
    org_id: event.org_id,
    type: 'invoice.paid',
    data: { invoice_id: charge.invoice_id, charge_id: charge.id, amount: charge.amount, fee: charge.fee, charge_type: charge.charge_type },
  });
  afterCommit((db) => announceFundsArrived(db, event.org_id));
}

/**
 * A dispute or an ACH return takes the money back: the settlement is reversed (what the wallet
 * no longer holds becomes owed by the organisation, like a treasury return) and the invoice is
 * open again.
 */
async function reverse(tx: Tx, event: ProviderEvent, now: Date) {
  const moved = await transition(
    tx,
    event,
    'succeeded',
    'reversed',
    { reversed_at: now, failure_reason: event.data.reason ?? null },
    'pending',
  );
  if (!('row' in moved)) return moved.outcome;
  const charge = moved.row;
  const a = await findLedgerAccounts(tx, event.org_id);
  await postTransfer(tx, {
    org_id: event.org_id,
    key: `charge:${charge.id}:reversed`,
    type: charge.charge_type === 'card' ? 'invoice_card_disputed' : 'invoice_ach_returned',
    metadata: { invoice_id: charge.invoice_id, charge_id: charge.id },
    entries: takenBackEntries(a, charge),
  });
  await tx
    .update(invoices)
    .set({ status: 'requires_info', paid_at: null })
    .where(and(eq(invoices.id, charge.invoice_id), eq(invoices.status, 'succeeded')));
}

const CHARGE_EVENTS = new Set(['charge.succeeded', 'charge.failed', 'charge.dispute.created', 'charge.ach_returned']);

export const chargeEvents: ProviderEventHandler = {
  handles: (type) => CHARGE_EVENTS.has(type),
  async apply(tx, event, now, afterCommit) {
    switch (event.type) {
      case 'charge.succeeded':
        return settle(tx, event, now, afterCommit);
      case 'charge.failed': {
        const moved = await transition(tx, event, 'pending', 'failed', { failed_at: now, failure_reason: event.data.reason ?? null });
        return 'row' in moved ? undefined : moved.outcome;
      }
      default:
        return reverse(tx, event, now);
    }
  },
};
