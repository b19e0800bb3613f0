import { and, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { dueDateOf, invoiceMessages, type InvoiceListQuery, type InvoicePage, type InvoiceRecord } from '@crewpay/core';
import type { DbOrTx } from '../../db/client.ts';
import { campaigns, customers, invoiceAttachments, invoiceFundedPayments, invoices, type Invoice } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { amountWithin, createdWithin, textMatches } from '../../lib/list-filters.ts';
import { afterPosition, cursorMicros, decodeCursor, keysetPage, type KeysetPosition } from '../../lib/keyset.ts';

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
  cursor_us: string;
};

/** A window of the newest-first list: after a cursor's row, or a page number's offset. */
type Window = { limit: number; offset?: number; after?: KeysetPosition };

async function selectInvoices(db: DbOrTx, where: SQL | undefined, window?: Window): Promise<Joined[]> {
  const query = db
    .select({
      invoice: invoices,
      customer_name: customers.name,
      customer_email: customers.email,
      customer_phone: customers.phone_number,
      campaign_title: campaigns.title,
      attachment_name: invoiceAttachments.file_name,
      cursor_us: cursorMicros(invoices.created_at),
    })
    .from(invoices)
    .innerJoin(customers, eq(customers.id, invoices.customer_id))
    .leftJoin(campaigns, eq(campaigns.id, invoices.payment_group_id))
    .leftJoin(invoiceAttachments, eq(invoiceAttachments.id, invoices.attachment_id))
    .where(and(where, window?.after ? afterPosition(invoices.created_at, invoices.id, window.after) : undefined))
    .orderBy(desc(invoices.created_at), desc(invoices.id));
  return window ? query.limit(window.limit).offset(window.offset ?? 0) : query;
}

async function withFundedPayments(db: DbOrTx, rows: Joined[]): Promise<InvoiceRecord[]> {
  const ids = rows.map((row) => row.invoice.id);
  const funded = ids.length ? await db.select().from(invoiceFundedPayments).where(inArray(invoiceFundedPayments.invoice_id, ids)) : [];
  // Each joined row read as it is: an object rest of it copies through a V8 runtime call per row.
  return rows.map((joined) => {
    const { invoice } = joined;
    return {
      id: invoice.id,
      number: invoice.number,
      title: invoice.title,
      description: invoice.description,
      amount: invoice.amount,
      currency: invoice.currency,
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
    };
  });
}

export async function getInvoice(db: DbOrTx, options: { org_id: string; id: string }): Promise<InvoiceRecord> {
  const rows = await selectInvoices(db, and(eq(invoices.org_id, options.org_id), eq(invoices.id, options.id)));
  if (rows.length === 0) throw new AppError('not_found', invoiceMessages.notFound);
  return (await withFundedPayments(db, rows))[0]!;
}

/**
 * The search box: the invoice's number or title, or its customer's name or email (through the
 * customers' trigram-indexed search_text, read apart so the page's count needs no join).
 */
function searchFilter(db: DbOrTx, orgId: string, term: string | undefined): SQL | undefined {
  const ownText = textMatches([sql`lower(${invoices.number})`, sql`lower(${invoices.title})`], term);
  const customerText = textMatches([customers.search_text], term);
  if (!ownText || !customerText) return undefined;
  const matchingCustomers = db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.org_id, orgId), customerText));
  return or(ownText, inArray(invoices.customer_id, matchingCustomers));
}

function listFilter(db: DbOrTx, orgId: string, query: Partial<InvoiceListQuery>): SQL | undefined {
  const status = tabStatus[query.tab ?? 'all'];
  return and(
    eq(invoices.org_id, orgId),
    status ? eq(invoices.status, status) : undefined,
    query.customer_id ? eq(invoices.customer_id, query.customer_id) : undefined,
    query.payment_group_id ? eq(invoices.payment_group_id, query.payment_group_id) : undefined,
    ...createdWithin(invoices.created_at, query),
    ...amountWithin(invoices.amount, query),
    searchFilter(db, orgId, query.search),
    query.funded_payment_id
      ? inArray(
          invoices.id,
          db
            .select({ id: invoiceFundedPayments.invoice_id })
            .from(invoiceFundedPayments)
            .where(and(eq(invoiceFundedPayments.org_id, orgId), eq(invoiceFundedPayments.payment_id, query.funded_payment_id))),
        )
      : undefined,
  );
}

/**
 * GET /v1/invoices: one page of a tab, newest first. By cursor (starting_after, the keyset of
 * the creators list) it reads from the (org_id, created_at, id) index and counts nothing; by page
 * number (the spec's ?page=) it also answers the tab's total.
 */
export async function listInvoices(db: DbOrTx, options: { org_id: string; query: InvoiceListQuery }): Promise<InvoicePage> {
  const where = listFilter(db, options.org_id, options.query);
  const { page, page_size, starting_after } = options.query;
  const after = starting_after ? decodeCursor(starting_after) : undefined;
  const window: Window = after ? { limit: page_size + 1, after } : { limit: page_size + 1, offset: page * page_size };
  const [found, totalRows] = await Promise.all([
    selectInvoices(db, where, window),
    after ? null : db.select({ value: count() }).from(invoices).where(where),
  ]);
  const { rows, has_more, next_cursor } = keysetPage(
    found.map((row) => ({ ...row, id: row.invoice.id })),
    page_size,
  );
  return {
    invoices: await withFundedPayments(db, rows),
    total: totalRows ? (totalRows[0]?.value ?? 0) : null,
    page,
    page_size,
    has_more,
    next_cursor,
  };
}

const EXPORT_CHUNK = 500;

/**
 * Every invoice of a filter (the CSV export), newest first, read in keyset chunks so a large
 * organisation's report never holds the whole table in memory at once.
 */
export async function* allInvoices(
  db: DbOrTx,
  options: { org_id: string; query: Partial<InvoiceListQuery> },
): AsyncGenerator<InvoiceRecord[]> {
  const where = listFilter(db, options.org_id, options.query);
  let after: KeysetPosition | undefined;
  for (;;) {
    const rows = await selectInvoices(db, where, { limit: EXPORT_CHUNK, after });
    if (rows.length > 0) yield await withFundedPayments(db, rows);
    const last = rows.at(-1);
    if (rows.length < EXPORT_CHUNK || !last) return;
    after = { created_us: last.cursor_us, id: last.invoice.id };
  }
}
