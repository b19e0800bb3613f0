import { and, desc, eq, sql } from 'drizzle-orm';
import type { TodoItem } from '@crewpay/core';
import type { DbOrTx } from '../../db/client.ts';
import { customers, invoices } from '../../db/schema/index.ts';

/** Home's Receivable tile: the total of open (requires_info) invoices, in cents. */
export async function openInvoiceTotals(db: DbOrTx, orgId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`COALESCE(SUM(${invoices.amount}), 0)` })
    .from(invoices)
    .where(and(eq(invoices.org_id, orgId), eq(invoices.status, 'requires_info')));
  return Number(row?.total ?? 0);
}

/** Home's 'Unpaid Invoice' to-dos: every open invoice, newest first; SMS is offered when the customer has a phone. */
export async function unpaidInvoiceTodos(db: DbOrTx, orgId: string): Promise<TodoItem[]> {
  const rows = await db
    .select({ id: invoices.id, title: invoices.title, amount: invoices.amount, customer: customers.name, phone: customers.phone_number })
    .from(invoices)
    .innerJoin(customers, eq(customers.id, invoices.customer_id))
    .where(and(eq(invoices.org_id, orgId), eq(invoices.status, 'requires_info')))
    .orderBy(desc(invoices.created_at), desc(invoices.id));
  return rows.map((row) => ({
    todoType: 'Unpaid Invoice' as const,
    id: row.id,
    org_id: orgId,
    title: `${row.title} (${row.customer})`,
    amount: row.amount,
    has_phone: Boolean(row.phone),
  }));
}
