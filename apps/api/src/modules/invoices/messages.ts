import { describeDueFromToday, describeNet, dueDateOf, formatInvoiceAmount, offlinePaymentNote } from '@crewpay/core';
import type { EmailAttachment, Invoice } from '../../db/schema/index.ts';
import type { OutgoingEmail } from '../email/index.ts';

export const payUrl = (publicUrl: string, linkId: string) => `${publicUrl}/invoices/pay?id=${encodeURIComponent(linkId)}`;
const attachmentUrl = (publicUrl: string, linkId: string) => `${publicUrl}/v1/invoices/pay/attachment?id=${encodeURIComponent(linkId)}`;

type Parts = { publicUrl: string; orgName: string; invoice: Invoice; linkId: string; hasAttachment: boolean };

/** An offline invoice is collected by the organisation itself: its link only shows the invoice, so nothing says "pay" there. */
const isOffline = (invoice: Invoice) => invoice.processor === 'offline';

/**
 * The invoice email: to the recipient and each CC, the pay link and, when there is one, the PDF,
 * attached to the first sending and linked from every sending (a reminder carries the link only).
 * A reminder says plainly, from the sandbox day it is sent, when the invoice is due. An offline
 * invoice's link is to view it, and the email says that payment is arranged with the organisation.
 */
export function invoiceEmails(
  parts: Parts & { to: string[]; reminder?: { today: string }; attachment?: EmailAttachment | null; document?: EmailAttachment | null },
): OutgoingEmail[] {
  const { invoice } = parts;
  const viewLabel = isOffline(invoice) ? 'View the invoice' : 'View and pay the invoice';
  const links = [{ label: viewLabel, url: payUrl(parts.publicUrl, parts.linkId) }];
  if (parts.hasAttachment) links.push({ label: 'Download the attached PDF', url: attachmentUrl(parts.publicUrl, parts.linkId) });
  const dueDate = dueDateOf(invoice.created_at, invoice.net);
  const due = parts.reminder ? describeDueFromToday(dueDate, parts.reminder.today) : null;
  return parts.to.map((to) => ({
    org_id: invoice.org_id,
    to,
    subject: due
      ? `Reminder: invoice ${invoice.number} ${due}, ${formatInvoiceAmount(invoice.amount, invoice.currency)} to ${parts.orgName}`
      : `Invoice ${invoice.number} from ${parts.orgName}: ${invoice.title}`,
    paragraphs: [
      due
        ? `Invoice ${invoice.number} ${due}: ${parts.orgName} is waiting for your payment of ${formatInvoiceAmount(invoice.amount, invoice.currency)}, due ${dueDate}.`
        : `${parts.orgName} has sent you an invoice.`,
      `Invoice ${invoice.number}, ${invoice.title}: ${formatInvoiceAmount(invoice.amount, invoice.currency)}, ${describeNet(invoice.net)} (due ${dueDate}).`,
      invoice.description,
      ...(isOffline(invoice) ? [offlinePaymentNote(parts.orgName)] : []),
    ],
    links,
    attachments: [parts.document, parts.attachment].filter((file): file is EmailAttachment => Boolean(file)),
  }));
}

export function invoiceSms(parts: Omit<Parts, 'hasAttachment'>): string {
  const { invoice } = parts;
  const what = `${parts.orgName}: invoice ${invoice.number} "${invoice.title}" for ${formatInvoiceAmount(invoice.amount, invoice.currency)} is due ${dueDateOf(invoice.created_at, invoice.net)}.`;
  const url = payUrl(parts.publicUrl, parts.linkId);
  return isOffline(invoice) ? `${what} ${offlinePaymentNote(parts.orgName)} View: ${url}` : `${what} Pay: ${url}`;
}

/** The payer's receipt, once the payment has gone through (a card charged, a bank debit settled). */
export function receiptEmail(options: {
  to: string;
  orgName: string;
  invoice: Invoice;
  method: string;
  receipt?: EmailAttachment | null;
}): OutgoingEmail {
  return {
    org_id: options.invoice.org_id,
    to: options.to,
    subject: `Receipt: your payment to ${options.orgName}`,
    paragraphs: [
      `Your payment of ${formatInvoiceAmount(options.invoice.amount, options.invoice.currency)} to ${options.orgName} has been received.`,
      `Invoice ${options.invoice.number}: ${options.invoice.title}. Paid by ${options.method}.`,
      ...(options.receipt ? ['Your receipt is attached as a PDF.'] : []),
    ],
    attachments: options.receipt ? [options.receipt] : [],
  };
}
