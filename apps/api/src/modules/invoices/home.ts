import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { TodoItem } from '@crewpay/core';
import type { DbOrTx } from '../../db/client.ts';
import { customers, invoices } from '../../db/schema/index.ts';
import { afterPosition, cursorMicros, literalLimit } from '../../lib/keyset.ts';
import type { PagedTodo, TodoPaging } from '../../lib/todo-paging.ts';

/**
 * Home's Receivable tile: the total of open (requires_info) invoices billed in USD, in cents, and
 * how many open ones are in another currency (never added to cents: no rate is known before Stripe
 * converts a payment).
 */
export async function openInvoiceTotals(db: DbOrTx, orgId: string): Promise<{ receivable: number; receivable_other_currencies: number }> {
  const [row] = await db
    .select({
      total: sql<string>`COALESCE(SUM(${invoices.amount}) FILTER (WHERE ${invoices.currency} = 'usd'), 0)`,
      others: sql<number>`COUNT(*) FILTER (WHERE ${invoices.currency} <> 'usd')::int`,
    })
    .from(invoices)
    .where(and(eq(invoices.org_id, orgId), eq(invoices.status, 'requires_info')));
  return { receivable: Number(row?.total ?? 0), receivable_other_currencies: Number(row?.others ?? 0) };
}

const unpaidWhere = (orgId: string) => and(eq(invoices.org_id, orgId), eq(invoices.status, 'requires_info'));

/** Home's 'Unpaid Invoice' to-dos: open invoices, newest first, a page at a time; SMS is offered when the customer has a phone. */
export async function unpaidInvoiceTodos(db: DbOrTx, orgId: string, paging: TodoPaging): Promise<PagedTodo<TodoItem>[]> {
  const rows = await db
    .select({
      id: invoices.id,
      title: invoices.title,
      amount: invoices.amount,
      customer: customers.name,
      phone: customers.phone_number,
      cursor_us: cursorMicros(invoices.created_at),
    })
    .from(invoices)
    .innerJoin(customers, eq(customers.id, invoices.customer_id))
    .where(and(unpaidWhere(orgId), paging.after ? afterPosition(invoices.created_at, invoices.id, paging.after) : undefined))
    .orderBy(desc(invoices.created_at), desc(invoices.id))
    .limit(literalLimit(paging.limit));
  return rows.map((row) => ({
    todoType: 'Unpaid Invoice' as const,
    id: row.id,
    org_id: orgId,
    title: `${row.title} (${row.customer})`,
    amount: row.amount,
    has_phone: Boolean(row.phone),
    cursor_us: row.cursor_us,
  }));
}

export async function countUnpaidInvoiceTodos(db: DbOrTx, orgId: string): Promise<number> {
  const [row] = await db.select({ total: count() }).from(invoices).where(unpaidWhere(orgId));
  return row?.total ?? 0;
}
