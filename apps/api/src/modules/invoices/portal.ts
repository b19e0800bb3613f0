import { and, count, desc, eq, inArray, ne } from 'drizzle-orm';
import { dueDateOf, invoiceMessages, type PortalInvoicePage, type PortalInvoiceQuery } from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import type { DbOrTx } from '../../db/client.ts';
import { campaigns, customers, invoices, type User } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { afterPosition, cursorMicros, decodeCursor, keysetPage } from '../../lib/keyset.ts';
import { createExpiringLink } from '../links/index.ts';
import { payUrl } from './messages.ts';

/**
 * Whose invoices the portal shows: the customer user's, and while an owner or admin acts as them
 * (login-as) only those of the acting person's organisation (modules/portal's scope rule).
 */
export type PortalCustomer = { user: User; only_org_id: string | null };

/**
 * A customer user (portal) sees the invoices of the customer records linked to their login: one
 * per organisation that invited them to the portal (customers.user_id), never by email alone.
 */
export async function customerIdsOf(db: DbOrTx, { user, only_org_id }: PortalCustomer): Promise<string[]> {
  if (user.role !== 'customer' || !user.is_external) throw new AppError('forbidden', 'This is only available to customers');
  const rows = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.user_id, user.id), only_org_id ? eq(customers.org_id, only_org_id) : undefined));
  return rows.map((row) => row.id);
}

/**
 * GET /v1/portal/invoices: title, amount, net, due_date, status, payment_group_id (canceled ones
 * left out), newest first, paged like the staff list (starting_after, or ?page= with a total).
 */
export async function listPortalInvoices(db: DbOrTx, scope: PortalCustomer, query: PortalInvoiceQuery): Promise<PortalInvoicePage> {
  const ids = await customerIdsOf(db, scope);
  const { page, page_size, starting_after } = query;
  const after = starting_after ? decodeCursor(starting_after) : undefined;
  if (ids.length === 0) return { data: [], total: after ? null : 0, page, page_size, has_more: false, next_cursor: null };
  const where = and(inArray(invoices.customer_id, ids), ne(invoices.status, 'canceled'));
  const pageQuery = db
    .select({ invoice: invoices, campaign: campaigns.title, cursor_us: cursorMicros(invoices.created_at) })
    .from(invoices)
    .leftJoin(campaigns, eq(campaigns.id, invoices.payment_group_id))
    .where(and(where, after ? afterPosition(invoices.created_at, invoices.id, after) : undefined))
    .orderBy(desc(invoices.created_at), desc(invoices.id))
    .limit(page_size + 1)
    .offset(after ? 0 : page * page_size);
  const [found, totalRows] = await Promise.all([pageQuery, after ? null : db.select({ value: count() }).from(invoices).where(where)]);
  const { rows, has_more, next_cursor } = keysetPage(
    found.map((row) => ({ ...row, id: row.invoice.id })),
    page_size,
  );
  return {
    data: rows.map(({ invoice, campaign }) => ({
      id: invoice.id,
      number: invoice.number,
      title: invoice.title,
      amount: invoice.amount,
      currency: invoice.currency,
      net: invoice.net,
      due_date: dueDateOf(invoice.created_at, invoice.net),
      status: invoice.status,
      payment_group_id: invoice.payment_group_id,
      payment_group_title: campaign,
      is_payable: invoice.status === 'requires_info' && invoice.processor === 'stripe',
    })),
    total: totalRows ? (totalRows[0]?.value ?? 0) : null,
    page,
    page_size,
    has_more,
    next_cursor,
  };
}

/** POST /v1/portal/invoices/{id}/pay_link: a fresh pay link of the customer's own open invoice. */
export async function portalPayLink(deps: AppDeps, scope: PortalCustomer, invoiceId: string): Promise<{ url: string }> {
  const ids = await customerIdsOf(deps.db, scope);
  const [invoice] = ids.length
    ? await deps.db
        .select()
        .from(invoices)
        .where(and(eq(invoices.id, invoiceId), inArray(invoices.customer_id, ids)))
    : [];
  if (!invoice) throw new AppError('not_found', invoiceMessages.notFound);
  if (invoice.status !== 'requires_info') throw new AppError('conflict', invoiceMessages.alreadyPaid);
  const linkId = await createExpiringLink(deps.db, {
    type: 'invoice_payment',
    org_id: invoice.org_id,
    payload: { invoice_id: invoice.id },
  });
  return { url: payUrl('', linkId) };
}
