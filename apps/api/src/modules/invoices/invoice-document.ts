import { and, eq, type SQL } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { EmailAttachment } from '../../db/schema/index.ts';
import { invoiceMessages } from '@crewpay/core';
import type { DbOrTx } from '../../db/client.ts';
import { customers, invoices, orgBusinesses, orgLogos, orgs } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { renderInvoicePdf, renderReceiptPdf, type InvoiceDocument, type ReceiptPayment } from './pdf.ts';

type InvoiceFile = { pdf: Uint8Array; file_name: string };

/** The invoice matching `where` with its parties and the organisation's logo; 404 when there is none. */
export async function invoiceDocumentWhere(db: DbOrTx, where: SQL | undefined): Promise<InvoiceDocument> {
  const [row] = await db
    .select({ invoice: invoices, customer: customers, org_name: orgs.name, business: orgBusinesses, logo: orgLogos })
    .from(invoices)
    .innerJoin(customers, eq(customers.id, invoices.customer_id))
    .innerJoin(orgs, eq(orgs.id, invoices.org_id))
    .leftJoin(orgBusinesses, eq(orgBusinesses.org_id, invoices.org_id))
    .leftJoin(orgLogos, eq(orgLogos.org_id, invoices.org_id))
    .where(where)
    .limit(1);
  if (!row) throw new AppError('not_found', invoiceMessages.notFound);
  const { business, logo } = row;
  return {
    invoice: row.invoice,
    org: {
      name: row.org_name,
      address_lines: business
        ? [[business.address, business.address2].filter(Boolean).join(' '), `${business.city}, ${business.state} ${business.zip_code}`]
        : [],
      logo: logo ? { content_type: logo.content_type, bytes: logo.bytes } : null,
    },
    customer: { name: row.customer.name, email: row.customer.email },
  };
}

/** The organisation's own invoice as a PDF (staff, the pay link, the invoice email). */
export async function invoicePdfOf(db: DbOrTx, options: { org_id: string; invoice_id: string }): Promise<InvoiceFile> {
  const document = await invoiceDocumentWhere(db, and(eq(invoices.org_id, options.org_id), eq(invoices.id, options.invoice_id)));
  return { pdf: await renderInvoicePdf(document), file_name: `Invoice-${document.invoice.number}.pdf` };
}

/** A PDF answer, downloaded under its file name, never cached (it shows a payment status). */
export const sendPdf = (reply: FastifyReply, file: InvoiceFile) =>
  reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${file.file_name}"`)
    .header('cache-control', 'no-store')
    .send(Buffer.from(file.pdf));

/** A PDF as an email attachment. */
export const pdfAttachment = (file: InvoiceFile): EmailAttachment => ({
  filename: file.file_name,
  content_type: 'application/pdf',
  content_base64: Buffer.from(file.pdf).toString('base64'),
});

/** The receipt of the organisation's paid invoice, for the payment given (the receipt email). */
export async function receiptPdfOf(
  db: DbOrTx,
  options: { org_id: string; invoice_id: string },
  payment: ReceiptPayment,
): Promise<InvoiceFile> {
  const document = await invoiceDocumentWhere(db, and(eq(invoices.org_id, options.org_id), eq(invoices.id, options.invoice_id)));
  return { pdf: await renderReceiptPdf(document, payment), file_name: `Receipt-${document.invoice.number}.pdf` };
}
