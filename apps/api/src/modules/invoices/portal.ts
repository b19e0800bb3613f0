import { and, desc, eq, inArray, ne } from 'drizzle-orm';
import { dueDateOf, invoiceMessages } from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import type { DbOrTx } from '../../db/client.ts';
import { campaigns, customers, invoices, type User } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { createExpiringLink } from '../links/index.ts';
import { payUrl } from './messages.ts';

/**
 * A customer user (portal) sees the invoices of the customer records linked to their login: one
 * per organisation that invited them to the portal (customers.user_id), never by email alone.
 */
async function customerIdsOf(db: DbOrTx, user: User): Promise<string[]> {
  if (user.role !== 'customer' || !user.is_external) throw new AppError('forbidden', 'This is only available to customers');
  const rows = await db.select({ id: customers.id }).from(customers).where(eq(customers.user_id, user.id));
  return rows.map((row) => row.id);
}

/** GET /v1/portal/invoices: title, amount, net, due_date, status, payment_group_id (canceled ones left out). */
export async function listPortalInvoices(db: DbOrTx, user: User) {
  const ids = await customerIdsOf(db, user);
  if (ids.length === 0) return [];
  const rows = await db
    .select({ invoice: invoices, campaign: campaigns.title })
    .from(invoices)
    .leftJoin(campaigns, eq(campaigns.id, invoices.payment_group_id))
    .where(and(inArray(invoices.customer_id, ids), ne(invoices.status, 'canceled')))
    .orderBy(desc(invoices.created_at));
  return rows.map(({ invoice, campaign }) => ({
    id: invoice.id,
    title: invoice.title,
    amount: invoice.amount,
    net: invoice.net,
    due_date: dueDateOf(invoice.created_at, invoice.net),
    status: invoice.status,
    payment_group_id: invoice.payment_group_id,
    payment_group_title: campaign,
    is_payable: invoice.status === 'requires_info' && invoice.processor === 'stripe',
  }));
}

/** POST /v1/portal/invoices/{id}/pay_link: a fresh pay link of the customer's own open invoice. */
export async function portalPayLink(deps: AppDeps, user: User, invoiceId: string): Promise<{ url: string }> {
  const ids = await customerIdsOf(deps.db, user);
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
