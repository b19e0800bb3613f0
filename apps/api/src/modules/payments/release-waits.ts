import { and, eq, inArray, ne } from 'drizzle-orm';
import { paymentReleaseMessages } from '@crewpay/core';
import type { DbOrTx } from '../../db/client.ts';
import { invoiceFundedPayments, invoices, paymentReleases, type Payment } from '../../db/schema/index.ts';

/**
 * Why each of these drafts waits for an invoice, by payment id: an unreleased invoice funds it
 * under "Release when paid", so it goes out when the invoice is paid (modules/payment-releases), not before.
 * Drafts that wait for no invoice are absent. One of the waits of execution-waits.ts.
 */
export async function invoiceWaitReasons(tx: DbOrTx, orgId: string, rows: Pick<Payment, 'id'>[]): Promise<Map<string, string[]>> {
  if (rows.length === 0) return new Map();
  const links = await tx
    .select({
      payment_id: invoiceFundedPayments.payment_id,
      number: invoices.number,
      status: paymentReleases.status,
      reason: paymentReleases.reason,
    })
    .from(invoiceFundedPayments)
    .innerJoin(paymentReleases, eq(paymentReleases.invoice_id, invoiceFundedPayments.invoice_id))
    .innerJoin(invoices, eq(invoices.id, invoiceFundedPayments.invoice_id))
    .where(
      and(
        eq(invoiceFundedPayments.org_id, orgId),
        ne(paymentReleases.status, 'released'),
        inArray(
          invoiceFundedPayments.payment_id,
          rows.map((row) => row.id),
        ),
      ),
    );
  return new Map(links.map((link) => [link.payment_id, [link.reason ?? paymentReleaseMessages.waitsForInvoice(link.number)]]));
}
