import { and, count, eq, like, or, type SQL } from 'drizzle-orm';
import { customerMessages, type CustomerListItem, type CustomerPage, type CustomerRecord } from '@crewpay/core';
import type { DbOrTx } from '../../db/client.ts';
import { customers, type Customer } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import {
  afterPosition,
  containsPattern,
  cursorMicros,
  isShortTerm,
  keysetPage,
  newestFirst,
  pageWhere,
  wordStartPatterns,
  type KeysetPosition,
} from '../../lib/keyset.ts';
import { invoiceFiguresBy } from './invoice-figures.ts';
import { createdWithin, type DayRange } from '../../lib/list-filters.ts';

function toCustomerRecord(row: Customer): CustomerRecord {
  return {
    id: row.id,
    org_id: row.org_id,
    name: row.name,
    email: row.email,
    attn: row.attn,
    cc_emails: row.cc_emails,
    phone_number: row.phone_number,
    address_line_1: row.address_line_1,
    address_line_2: row.address_line_2,
    address_city: row.address_city,
    address_state: row.address_state,
    address_zip: row.address_zip,
    qb_customer: row.qb_customer ?? null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** The organisation's customer, or 404 (another organisation's id looks exactly like an unknown one). */
export async function findCustomerRow(db: DbOrTx, options: { org_id: string; id: string; field?: string }): Promise<Customer> {
  const [row] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.org_id, options.org_id), eq(customers.id, options.id)))
    .limit(1);
  if (!row) throw new AppError('not_found', customerMessages.notFound, options.field ? { field: options.field } : {});
  return row;
}

async function withInvoiceFigures(db: DbOrTx, orgId: string, rows: Customer[]): Promise<CustomerListItem[]> {
  const figures = await invoiceFiguresBy(db, { org_id: orgId, by: 'customer_id', ids: rows.map((row) => row.id) });
  return rows.map((row) => {
    const own = figures.get(row.id);
    return { ...toCustomerRecord(row), invoice_volume: own?.volume ?? 0, invoice_count: own?.count ?? 0 };
  });
}

export async function getCustomer(db: DbOrTx, options: { org_id: string; id: string }): Promise<CustomerListItem> {
  const [item] = await withInvoiceFigures(db, options.org_id, [await findCustomerRow(db, options)]);
  return item!;
}

const customerKeyset = { table: customers, created_at: customers.created_at, id: customers.id };

/**
 * The list's filters: the organisation, the search over name or email (search_text, the
 * lower-cased name and email, trigram-indexed for %term% matches; a short term matches the start
 * of a word, lib/keyset.ts isShortTerm) and the days created.
 */
function customerFilter(orgId: string, options: { search?: string | undefined } & DayRange): SQL | undefined {
  const filters: SQL[] = [eq(customers.org_id, orgId)];
  const search = options.search?.trim().toLowerCase();
  if (search && isShortTerm(search)) {
    const words = wordStartPatterns(search);
    filters.push(or(like(customers.search_text, words.start), like(customers.search_text, words.word))!);
  } else if (search) filters.push(like(customers.search_text, containsPattern(search)));
  filters.push(...createdWithin(customers.created_at, options));
  return and(...filters);
}

/**
 * One page of an organisation's customers, newest first, optionally searched by name or email
 * (anywhere in them; a one- or two-letter term at the start of the name's words or the email):
 * by keyset after a cursor, else by page number over the index (lib/keyset.ts); the total is
 * counted only for a page number.
 */
export async function listCustomers(
  db: DbOrTx,
  options: { org_id: string; page: number; page_size: number; starting_after?: string | undefined; search?: string | undefined } & DayRange,
): Promise<CustomerPage> {
  const scope = eq(customers.org_id, options.org_id);
  const where = customerFilter(options.org_id, options);
  const [found, totalRows] = await Promise.all([
    db
      .select({ customer: customers, cursor_us: cursorMicros(customers.created_at) })
      .from(customers)
      .where(pageWhere(db, customerKeyset, { scope, where, ...options }))
      .orderBy(...newestFirst(customerKeyset))
      .limit(options.page_size + 1),
    options.starting_after ? null : db.select({ total: count() }).from(customers).where(where),
  ]);
  const { rows, has_more, next_cursor } = keysetPage(
    found.map((row) => ({ ...row, id: row.customer.id })),
    options.page_size,
  );
  return {
    data: await withInvoiceFigures(
      db,
      options.org_id,
      rows.map((row) => row.customer),
    ),
    total: totalRows ? (totalRows[0]?.total ?? 0) : null,
    page: options.page,
    page_size: options.page_size,
    has_more,
    next_cursor,
  };
}

const EXPORT_CHUNK = 500;

/**
 * Every customer of the list's filters (the CSV export), newest first, read in keyset chunks so a
 * large organisation's report never holds the whole table in memory at once.
 */
export async function* allCustomers(
  db: DbOrTx,
  options: { org_id: string; search?: string | undefined } & DayRange,
): AsyncGenerator<CustomerListItem[]> {
  const where = customerFilter(options.org_id, options);
  let after: KeysetPosition | undefined;
  for (;;) {
    const rows = await db
      .select({ customer: customers, cursor_us: cursorMicros(customers.created_at) })
      .from(customers)
      .where(after ? and(where, afterPosition(customers.created_at, customers.id, after)) : where)
      .orderBy(...newestFirst(customerKeyset))
      .limit(EXPORT_CHUNK);
    const last = rows.at(-1);
    if (last) {
      yield await withInvoiceFigures(
        db,
        options.org_id,
        rows.map((row) => row.customer),
      );
    }
    if (rows.length < EXPORT_CHUNK || !last) return;
    after = { created_us: last.cursor_us, id: last.customer.id };
  }
}
