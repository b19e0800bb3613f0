import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { charges, customers, invoices, orgs, type Charge } from '../../db/schema/index.ts';
import { queueEmail } from '../email/index.ts';
import { publishDomainEvent, type HandlerUnit } from '../../events/dispatcher.ts';
import { receiptEmail } from './messages.ts';
import { pdfAttachment, receiptPdfOf } from './invoice-document.ts';

type Status = Charge['status'];

/**
 * Moves a charge along one edge (pending -> succeeded | failed, succeeded -> reversed), locked.
 * Found by our own id in the event (Stripe's metadata), so an event overtaking the record of the
 * call's answer still applies. Unknown, or still before the edge (a return before its
 * settlement): 'retry_later'. Already past it: 'done', so repeated and late events change nothing.
 */
export async function moveCharge(
  tx: Tx,
  options: { org_id: string; charge_id: string | undefined; provider_id?: string; from: Status; to: Status; waitsWhile?: Status },
  changes: Partial<Charge> = {},
): Promise<Charge | 'retry_later' | 'done'> {
  if (!options.charge_id) return 'done';
  const [current] = await tx
    .select()
    .from(charges)
    .where(and(eq(charges.org_id, options.org_id), eq(charges.id, options.charge_id)))
    .for('update');
  if (!current) return 'retry_later';
  if (current.status !== options.from) return current.status === options.waitsWhile ? 'retry_later' : 'done';
  const [row] = await tx
    .update(charges)
    .set({ status: options.to, provider_id: current.provider_id ?? options.provider_id ?? null, ...changes })
    .where(eq(charges.id, current.id))
    .returning();
  return row!;
}

/** What the payer no longer has to do once the charge is decided. */
export const NO_ACTION = { next_action: null, next_action_sealed: null } as const;

/** A payment that did not go through: the invoice stays open to pay again, the organisation is told (never the payer's card). */
export async function failCharge(
  unit: HandlerUnit,
  options: { org_id: string; charge_id: string | undefined; provider_id?: string; reason: string | null; now: Date },
): Promise<'retry_later' | 'done'> {
  const { tx } = unit;
  const moved = await moveCharge(
    tx,
    { org_id: options.org_id, charge_id: options.charge_id, provider_id: options.provider_id, from: 'pending', to: 'failed' },
    { failed_at: options.now, failure_reason: options.reason, ...NO_ACTION },
  );
  if (typeof moved === 'string') return moved;
  await publishDomainEvent(unit, {
    org_id: moved.org_id,
    type: 'invoice.payment_failed',
    data: {
      invoice_id: moved.invoice_id,
      charge_id: moved.id,
      amount: moved.amount,
      currency: moved.currency,
      charge_type: moved.charge_type,
      reason: moved.failure_reason,
    },
  });
  return 'done';
}

/** The payer's receipt, once their payment has gone through: never before (a declined card gets none). */
export async function queueReceipt(tx: Tx, charge: Charge): Promise<void> {
  const [row] = await tx
    .select({ invoice: invoices, email: customers.email, org_name: orgs.name })
    .from(invoices)
    .innerJoin(customers, eq(customers.id, invoices.customer_id))
    .innerJoin(orgs, eq(orgs.id, invoices.org_id))
    .where(eq(invoices.id, charge.invoice_id));
  if (!row?.email) return;
  const receipt = await receiptPdfOf(
    tx,
    { org_id: row.invoice.org_id, invoice_id: row.invoice.id },
    { paid_at: charge.settled_at ?? row.invoice.paid_at ?? new Date(), method: charge.method_label },
  );
  await queueEmail(
    tx,
    receiptEmail({
      to: row.email,
      orgName: row.org_name,
      invoice: row.invoice,
      method: charge.method_label,
      receipt: pdfAttachment(receipt),
    }),
  );
}
