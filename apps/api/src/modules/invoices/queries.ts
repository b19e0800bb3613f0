import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { dueDateOf, invoiceMessages, type ChargeRecord, type InvoiceListQuery, type InvoicePage, type InvoiceRecord } from '@crewpay/core';
import type { DbOrTx } from '../../db/client.ts';
import {
  campaigns,
  charges,
  customers,
  invoiceAttachments,
  invoiceFundedPayments,
  invoices,
  type Charge,
  type Invoice,
} from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';

const tabStatus: Record<InvoiceListQuery['tab'], Invoice['status'] | null> = {
  open: 'requires_info',
  paid: 'succeeded',
  canceled: 'canceled',
  all: null,
};

/** The organisation's invoice, or 404 (another organisation's id reads exactly like an unknown one). */
export async function findInvoiceRow(db: DbOrTx, options: { org_id: string; id: string; forUpdate?: boolean }): Promise<Invoice> {
  const query = db
    .select()
    .from(invoices)
    .where(and(eq(invoices.org_id, options.org_id), eq(invoices.id, options.id)))
    .limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  if (!row) throw new AppError('not_found', invoiceMessages.notFound);
  return row;
}

type Joined = {
  invoice: Invoice;
  customer_name: string;
  customer_email: string | null;
  customer_phone: string | null;
  campaign_title: string | null;
  attachment_name: string | null;
};

async function selectInvoices(db: DbOrTx, where: SQL | undefined, page?: { limit: number; offset: number }): Promise<Joined[]> {
  const query = db
    .select({
      invoice: invoices,
      customer_name: customers.name,
      customer_email: customers.email,
      customer_phone: customers.phone_number,
      campaign_title: campaigns.title,
      attachment_name: invoiceAttachments.file_name,
    })
    .from(invoices)
    .innerJoin(customers, eq(customers.id, invoices.customer_id))
    .leftJoin(campaigns, eq(campaigns.id, invoices.payment_group_id))
    .leftJoin(invoiceAttachments, eq(invoiceAttachments.id, invoices.attachment_id))
    .where(where)
    .orderBy(desc(invoices.created_at), desc(invoices.id));
  return page ? query.limit(page.limit).offset(page.offset) : query;
}

async function withFundedPayments(db: DbOrTx, rows: Joined[]): Promise<InvoiceRecord[]> {
  const ids = rows.map((row) => row.invoice.id);
  const funded = ids.length ? await db.select().from(invoiceFundedPayments).where(inArray(invoiceFundedPayments.invoice_id, ids)) : [];
  return rows.map(({ invoice, ...joined }) => ({
    id: invoice.id,
    title: invoice.title,
    description: invoice.description,
    amount: invoice.amount,
    net: invoice.net,
    status: invoice.status,
    processor: invoice.processor,
    disallowed_methods: invoice.disallowed_methods,
    customer_id: invoice.customer_id,
    payment_group_id: invoice.payment_group_id,
    payment_group_title: joined.campaign_title,
    created_at: invoice.created_at.toISOString(),
    org_id: invoice.org_id,
    attachment: invoice.attachment_id,
    attachment_name: joined.attachment_name,
    funded_payments: funded.filter((link) => link.invoice_id === invoice.id).map((link) => link.payment_id),
    customer_name: joined.customer_name,
    customer_email: joined.customer_email,
    customer_has_phone: Boolean(joined.customer_phone),
    attn: invoice.attn,
    cc_emails: invoice.cc_emails,
    due_date: dueDateOf(invoice.created_at, invoice.net),
    paid_at: invoice.paid_at?.toISOString() ?? null,
  }));
}

export async function getInvoice(db: DbOrTx, options: { org_id: string; id: string }): Promise<InvoiceRecord> {
  const rows = await selectInvoices(db, and(eq(invoices.org_id, options.org_id), eq(invoices.id, options.id)));
  if (rows.length === 0) throw new AppError('not_found', invoiceMessages.notFound);
  return (await withFundedPayments(db, rows))[0]!;
}

function listFilter(orgId: string, query: Partial<InvoiceListQuery>): SQL | undefined {
  const status = tabStatus[query.tab ?? 'all'];
  return and(
    eq(invoices.org_id, orgId),
    status ? eq(invoices.status, status) : undefined,
    query.customer_id ? eq(invoices.customer_id, query.customer_id) : undefined,
    query.payment_group_id ? eq(invoices.payment_group_id, query.payment_group_id) : undefined,
  );
}

/** GET /v1/invoices: one page of a tab, newest first, with the tab's total count. */
export async function listInvoices(db: DbOrTx, options: { org_id: string; query: InvoiceListQuery }): Promise<InvoicePage> {
  const where = listFilter(options.org_id, options.query);
  const { page, page_size } = options.query;
  const [rows, [total]] = await Promise.all([
    selectInvoices(db, where, { limit: page_size, offset: page * page_size }),
    db.select({ value: count() }).from(invoices).where(where),
  ]);
  return { invoices: await withFundedPayments(db, rows), total: total?.value ?? 0 };
}

/** Every invoice of a filter (the CSV export), newest first. */
export async function allInvoices(db: DbOrTx, options: { org_id: string; query: Partial<InvoiceListQuery> }): Promise<InvoiceRecord[]> {
  return withFundedPayments(db, await selectInvoices(db, listFilter(options.org_id, options.query)));
}

export function toChargeRecord(row: Charge): ChargeRecord {
  return {
    id: row.id,
    invoice_id: row.invoice_id,
    created_at: row.created_at.toISOString(),
    charge_type: row.charge_type,
    amount: row.amount,
    fee: row.fee,
    status: row.status,
    method_label: row.method_label,
    failure_reason: row.failure_reason,
  };
}

/** GET /v1/charges: the organisation's charges grouped by invoice_id, newest first. */
export async function chargesByInvoice(
  db: DbOrTx,
  options: { org_id: string; invoice_id?: string },
): Promise<Record<string, ChargeRecord[]>> {
  const rows = await db
    .select()
    .from(charges)
    .where(and(eq(charges.org_id, options.org_id), options.invoice_id ? eq(charges.invoice_id, options.invoice_id) : undefined))
    .orderBy(desc(charges.created_at));
  const grouped: Record<string, ChargeRecord[]> = {};
  for (const row of rows) (grouped[row.invoice_id] ??= []).push(toChargeRecord(row));
  return grouped;
}
