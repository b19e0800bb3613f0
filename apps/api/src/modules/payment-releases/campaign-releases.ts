import { and, asc, eq, ne } from 'drizzle-orm';
import type { CampaignRelease } from '@crewpay/core';
import type { Db } from '../../db/client.ts';
import { invoiceFundedPayments, invoices, paymentReleases, payments } from '../../db/schema/index.ts';
import { loadRecipients, recipientName } from '../payments/index.ts';

/** A campaign's page shows this many waiting payments at most: the rest wait the same way, on the invoices. */
const SHOWN = 200;

/**
 * The campaign's draft payments that wait on an invoice's "Release when paid" (waiting or held),
 * with the invoice and why; only the caller's organisation's.
 */
export async function listCampaignReleases(db: Db, orgId: string, campaignId: string): Promise<CampaignRelease[]> {
  const rows = await db
    .select({
      payment_id: payments.id,
      amount: payments.amount,
      recipient: payments.recipient,
      invoice_id: invoices.id,
      invoice_number: invoices.number,
      status: paymentReleases.status,
      reason: paymentReleases.reason,
    })
    .from(invoiceFundedPayments)
    .innerJoin(paymentReleases, eq(paymentReleases.invoice_id, invoiceFundedPayments.invoice_id))
    .innerJoin(invoices, eq(invoices.id, invoiceFundedPayments.invoice_id))
    .innerJoin(payments, eq(payments.id, invoiceFundedPayments.payment_id))
    .where(
      and(
        eq(invoiceFundedPayments.org_id, orgId),
        eq(payments.org_id, orgId),
        eq(payments.payment_group_id, campaignId),
        eq(payments.status, 'draft'),
        eq(payments.is_deleted, false),
        ne(paymentReleases.status, 'released'),
      ),
    )
    .orderBy(asc(invoices.number), asc(payments.id))
    .limit(SHOWN);
  const recipients = await loadRecipients(
    db,
    orgId,
    rows.map((row) => row.recipient),
  );
  return rows.map(({ recipient, ...row }) => {
    const found = recipients.creators.get(recipient) ?? recipients.users.get(recipient);
    return { ...row, recipient_name: found ? recipientName(found) : '' };
  });
}
