import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { paymentTabOf, type PaymentRecord, type PaymentsPage } from '@crewpay/core';
import type { DbOrTx } from '../../db/client.ts';
import { payments } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { UUID_PATTERN } from '../../lib/ids.ts';
import { toPaymentRecords } from './records.ts';

export type ListOptions = {
  org_id: string;
  tab?: string | undefined;
  payment_group_id?: string | undefined;
  recipient?: string | undefined;
  page: number;
  page_size: number;
};

/** One page of the organisation's payments, newest first, for a tab and optional filters. */
export async function listPayments(tx: DbOrTx, options: ListOptions): Promise<PaymentsPage> {
  const tab = paymentTabOf(options.tab);
  const filters: SQL[] = [eq(payments.org_id, options.org_id), eq(payments.is_deleted, false), inArray(payments.status, [...tab.statuses])];
  if (options.payment_group_id) filters.push(eq(payments.payment_group_id, options.payment_group_id));
  // A recipient filter also shows the agent and manager payments that came from that creator's rows.
  if (options.recipient)
    filters.push(sql`(${payments.recipient} = ${options.recipient} OR ${payments.managed_creator_id} = ${options.recipient})`);
  const where = and(...filters);
  const [rows, [total]] = await Promise.all([
    tx
      .select()
      .from(payments)
      .where(where)
      .orderBy(desc(payments.created_at), desc(payments.id))
      .limit(options.page_size)
      .offset(options.page * options.page_size),
    tx.select({ value: count() }).from(payments).where(where),
  ]);
  const totalCount = total?.value ?? 0;
  return {
    data: await toPaymentRecords(tx, options.org_id, rows),
    total: totalCount,
    page: options.page,
    page_size: options.page_size,
    has_more: (options.page + 1) * options.page_size < totalCount,
  };
}

export async function getPayment(tx: DbOrTx, orgId: string, id: string): Promise<PaymentRecord> {
  if (!UUID_PATTERN.test(id)) throw new AppError('not_found', 'Payment not found');
  const rows = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.org_id, orgId), eq(payments.id, id), eq(payments.is_deleted, false)));
  if (rows.length === 0) throw new AppError('not_found', 'Payment not found');
  const [record] = await toPaymentRecords(tx, orgId, rows);
  return record!;
}

/** Pending = draft, requires_info or processing; completed = succeeded (amounts in cents). */
export async function paymentTotals(
  tx: DbOrTx,
  options: { org_id: string; recipient?: string | undefined },
): Promise<{ pending: number; completed: number }> {
  const filters: SQL[] = [eq(payments.org_id, options.org_id), eq(payments.is_deleted, false)];
  if (options.recipient) filters.push(eq(payments.recipient, options.recipient));
  const [row] = await tx
    .select({
      pending: sql<string>`COALESCE(SUM(${payments.amount}) FILTER (WHERE ${payments.status} IN ('draft', 'requires_info', 'processing')), 0)`,
      completed: sql<string>`COALESCE(SUM(${payments.amount}) FILTER (WHERE ${payments.status} = 'succeeded'), 0)`,
    })
    .from(payments)
    .where(and(...filters));
  return { pending: Number(row?.pending ?? 0), completed: Number(row?.completed ?? 0) };
}
