import { and, eq } from 'drizzle-orm';
import { disputeStatusLabels, formatInvoiceAmount } from '@crewpay/core';
import type { Tx } from '../../db/client.ts';
import { invoices, users, type Charge, type ChargeDispute } from '../../db/schema/index.ts';
import { queueEmails } from '../email/index.ts';

/**
 * A dispute is told to the organisation's owners by email, whatever their notification choices
 * (the bell tells every member): it takes money from the wallet and has a date to answer by.
 * The email names the invoice and amounts, never the payer's card.
 */
export async function tellOwnersOfDispute(tx: Tx, charge: Charge, dispute: ChargeDispute): Promise<void> {
  const [invoice] = await tx.select({ title: invoices.title }).from(invoices).where(eq(invoices.id, charge.invoice_id));
  const owners = await tx
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.org_id, charge.org_id), eq(users.role, 'owner')));
  const title = invoice?.title ?? 'an invoice';
  const amount = formatInvoiceAmount(dispute.amount, charge.currency);
  const reason = dispute.reason.replaceAll('_', ' ');
  const paragraphs = dispute.closed_at
    ? [
        `The dispute of the payment of ${amount} for "${title}" is closed: ${disputeStatusLabels[dispute.status] ?? dispute.status}.`,
        dispute.status === 'won'
          ? 'The amount is back in your wallet.'
          : 'The amount stays with your customer; the invoice is open again, and Crewpay has given back its fee.',
      ]
    : [
        `Your customer's bank disputes the payment of ${amount} for "${title}" (reason: ${reason}).`,
        'The amount has been taken from your wallet until the dispute is decided.',
        ...(dispute.evidence_due_by ? [`Evidence is due by ${dispute.evidence_due_by.toISOString().slice(0, 10)}.`] : []),
      ];
  await queueEmails(
    tx,
    owners.map((owner) => ({
      org_id: charge.org_id,
      to: owner.email,
      subject: dispute.closed_at ? `Dispute closed: ${title}` : `Payment disputed: ${title}`,
      paragraphs,
    })),
  );
}
