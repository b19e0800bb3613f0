import { and, desc, eq, inArray } from 'drizzle-orm';
import { invoiceMessages } from '@crewpay/core';
import type { DbOrTx } from '../../db/client.ts';
import { charges, invoices } from '../../db/schema/index.ts';
import { invoiceDocumentWhere } from './invoice-document.ts';
import { AppError } from '../../lib/errors.ts';
import { renderInvoicePdf, renderReceiptPdf, type InvoiceDocument } from './pdf.ts';
import { customerIdsOf, type PortalCustomer } from './portal.ts';

type PortalFile = { pdf: Uint8Array; file_name: string };

/** The customer user's own invoice (of any organisation that invited them) with its parties; 404 for any other id. */
async function ownInvoiceDocument(db: DbOrTx, scope: PortalCustomer, invoiceId: string): Promise<InvoiceDocument> {
  const ids = await customerIdsOf(db, scope);
  if (!ids.length) throw new AppError('not_found', invoiceMessages.notFound);
  return invoiceDocumentWhere(db, and(eq(invoices.id, invoiceId), inArray(invoices.customer_id, ids)));
}

/** GET /v1/portal/invoices/{id}/pdf: the customer's own invoice as a PDF. */
export async function portalInvoicePdf(db: DbOrTx, scope: PortalCustomer, invoiceId: string): Promise<PortalFile> {
  const document = await ownInvoiceDocument(db, scope, invoiceId);
  return { pdf: await renderInvoicePdf(document), file_name: `Invoice-${document.invoice.number}.pdf` };
}

/**
 * GET /v1/portal/invoices/{id}/receipt: the receipt of the customer's own paid invoice: the charge
 * that paid it (its settlement and method), or, for an invoice marked paid offline, that day.
 */
export async function portalReceiptPdf(db: DbOrTx, scope: PortalCustomer, invoiceId: string): Promise<PortalFile> {
  const document = await ownInvoiceDocument(db, scope, invoiceId);
  const { invoice } = document;
  if (invoice.status !== 'succeeded') throw new AppError('not_found', 'This invoice has no receipt: it is not paid');
  const [charge] = await db
    .select({ method: charges.method_label, settled_at: charges.settled_at })
    .from(charges)
    .where(and(eq(charges.invoice_id, invoice.id), eq(charges.status, 'succeeded')))
    .orderBy(desc(charges.created_at))
    .limit(1);
  const paidAt = charge?.settled_at ?? invoice.paid_at ?? invoice.updated_at;
  const pdf = await renderReceiptPdf(document, { paid_at: paidAt, method: charge?.method ?? 'Paid offline' });
  return { pdf, file_name: `Receipt-${invoice.number}.pdf` };
}
