import { and, eq } from 'drizzle-orm';
import { backupWithholdingLabels, formatCents, payoutMethodLabels } from '@crewpay/core';
import type { DbOrTx } from '../../db/client.ts';
import {
  campaigns,
  deliverables,
  invoiceFundedPayments,
  invoices,
  orgs,
  paymentGates,
  payments,
  type Payment,
} from '../../db/schema/index.ts';
import type { DomainEvent } from '../../events/dispatcher.ts';
import { queueEmail, type OutgoingEmail } from '../email/index.ts';
import { findBackupWithholding, loadRecipients, recipientName } from '../payments/index.ts';

/** The events on which a payee is told they were paid: the payout sent (processing, when announced) and the payout paid. */
const PAYEE_PAID_EVENTS = ['payment.processing', 'payment.posted'] as const;

const people = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** `days` business days after `from` (Saturday and Sunday skipped; bank holidays are not known here). */
export function addBusinessDays(from: Date, days: number): Date {
  const date = new Date(from);
  let left = days;
  while (left > 0) {
    date.setUTCDate(date.getUTCDate() + 1);
    const weekday = date.getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return date;
}

/** When the money reaches the payee: PayPal and Venmo at once; a bank transfer sent takes 1-2 business days, a posted one is at the bank. */
function expectedArrival(payment: Payment, isPosted: boolean, now: Date): string {
  if (payment.method === 'paypal' || payment.method === 'venmo')
    return `Expected arrival: now, in your ${payoutMethodLabels[payment.method]} account`;
  if (isPosted) return `Expected arrival: ${people.format(addBusinessDays(payment.date_posted ?? now, 1))} (your bank may show it sooner)`;
  return `Expected arrival: by ${people.format(addBusinessDays(payment.date_initiated ?? now, 2))}`;
}

/** What the payment pays for: its memo, campaign, the invoices that funded it and the deliverable it waited for. */
async function remittanceLines(tx: DbOrTx, payment: Payment): Promise<string[]> {
  const lines: string[] = [];
  if (payment.memo.trim()) lines.push(`Memo: ${payment.memo.trim()}`);
  if (payment.payment_group_id) {
    const [campaign] = await tx
      .select({ title: campaigns.title })
      .from(campaigns)
      .where(and(eq(campaigns.org_id, payment.org_id), eq(campaigns.id, payment.payment_group_id)));
    if (campaign) lines.push(`Campaign: ${campaign.title}`);
  }
  const funded = await tx
    .select({ number: invoices.number, title: invoices.title })
    .from(invoiceFundedPayments)
    .innerJoin(invoices, eq(invoices.id, invoiceFundedPayments.invoice_id))
    .where(and(eq(invoiceFundedPayments.org_id, payment.org_id), eq(invoiceFundedPayments.payment_id, payment.id)));
  for (const invoice of funded) lines.push(`Invoice ${invoice.number}: ${invoice.title}`);
  const [gate] = await tx
    .select({ description: deliverables.description, quantity: deliverables.quantity })
    .from(paymentGates)
    .innerJoin(deliverables, eq(deliverables.id, paymentGates.deliverable_id))
    .where(and(eq(paymentGates.org_id, payment.org_id), eq(paymentGates.payment_id, payment.id)));
  if (gate) lines.push(`Deliverable: ${gate.description}${gate.quantity > 1 ? ` (x${gate.quantity})` : ''}`);
  return lines.length ? lines : ['No invoice, campaign or memo was given with this payment.'];
}

/** The reference a payee can quote (the first 16 characters of the id without dashes, as the portal shows it). */
const paymentReference = (id: string) => id.replace(/-/g, '').slice(0, 16);

/** The "you've been paid" email: amount, payer, method, expected arrival, and the remittance advice. */
function payeePaidEmail(parts: {
  payment: Payment;
  to: string;
  payeeName: string;
  orgName: string;
  isPosted: boolean;
  remittance: string[];
  publicUrl: string;
  now: Date;
  /** The backup withholding kept back from this payment (no W-9 on file), if any: the email says it and why. */
  backupWithholding?: { rate: number; amount: number } | null;
}): OutgoingEmail {
  const { payment, backupWithholding: backup } = parts;
  const amount = formatCents(payment.amount);
  const method = payment.method ? payoutMethodLabels[payment.method] : 'Bank account';
  const withheld = payment.federal_withholdings + payment.state_withholdings;
  const withholdingLines = backup
    ? [
        backupWithholdingLabels.toPayee(backup.rate, formatCents(backup.amount), amount),
        `No W-9 was on file with ${parts.orgName} when this payment was made, so the IRS requires it to keep back ${backup.rate}%. It is reported to you on your 1099-NEC. Sign your W-9 in your portal and later payments are paid in full.`,
      ]
    : withheld > 0
      ? [`Withheld for taxes: ${formatCents(withheld)}`]
      : [];
  return {
    org_id: payment.org_id,
    to: parts.to,
    subject: parts.isPosted ? `You've been paid ${amount} by ${parts.orgName}` : `${parts.orgName} has sent you ${amount}`,
    paragraphs: [
      `Hi ${parts.payeeName},`,
      parts.isPosted ? `${parts.orgName} has paid you ${amount}.` : `${parts.orgName} has sent you a payment of ${amount}.`,
      `Amount: ${amount}`,
      `From: ${parts.orgName}`,
      `Method: ${method}`,
      expectedArrival(payment, parts.isPosted, parts.now),
      ...withholdingLines,
      `Reference: ${paymentReference(payment.id)}`,
      'Remittance advice (what this payment is for):',
      ...parts.remittance,
      'Your payment history and statements are in your portal.',
    ],
    links: [{ label: 'See your payments', url: `${parts.publicUrl}/creator/payments` }],
  };
}

/**
 * Tells the payee they were paid, on the payment's domain event (payment.posted, or
 * payment.processing where the payout's sending is announced): once per payment and event,
 * since the event is emitted once on the payment's move along its edge.
 */
export function emailPayeeWhenPaid(options: { publicUrl: string }) {
  return async (tx: DbOrTx, event: DomainEvent): Promise<void> => {
    if (!(PAYEE_PAID_EVENTS as readonly string[]).includes(event.type)) return;
    const paymentId = typeof event.data.payment_id === 'string' ? event.data.payment_id : event.data.id;
    if (typeof paymentId !== 'string') return;
    const [row] = await tx
      .select({ payment: payments, org_name: orgs.name })
      .from(payments)
      .innerJoin(orgs, eq(orgs.id, payments.org_id))
      .where(and(eq(payments.org_id, event.org_id), eq(payments.id, paymentId)));
    if (!row) return;
    const { payment } = row;
    const recipients = await loadRecipients(tx, payment.org_id, [payment.recipient]);
    const payee = recipients.creators.get(payment.recipient) ?? recipients.users.get(payment.recipient);
    if (!payee?.email) return;
    await queueEmail(
      tx,
      payeePaidEmail({
        payment,
        to: payee.email,
        payeeName: recipientName(payee),
        orgName: row.org_name,
        isPosted: event.type === 'payment.posted',
        remittance: await remittanceLines(tx, payment),
        publicUrl: options.publicUrl,
        now: new Date(),
        backupWithholding: payment.federal_withholdings > 0 ? await findBackupWithholding(tx, payment.org_id, payment.id) : null,
      }),
    );
  };
}
