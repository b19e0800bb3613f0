import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { paymentTabOf, type PaymentRecord, type PaymentsPage } from '@crewpay/core';
import type { DbOrTx } from '../../db/client.ts';
import { payments } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { UUID_PATTERN } from '../../lib/ids.ts';
import { afterPosition, cursorMicros, decodeCursor, keysetPage } from '../../lib/keyset.ts';
import { toPaymentRecords } from './records.ts';

export type ListOptions = {
  org_id: string;
  tab?: string | undefined;
  payment_group_id?: string | undefined;
  recipient?: string | undefined;
  page: number;
  page_size: number;
  starting_after?: string | undefined;
};

/**
 * One page of the organisation's payments, newest first, for a tab and optional filters: by
 * keyset after a cursor, else by page number over the index alone (see creators' listCreators).
 */
export async function listPayments(tx: DbOrTx, options: ListOptions): Promise<PaymentsPage> {
  const position = options.starting_after ? decodeCursor(options.starting_after) : null;
  const tab = paymentTabOf(options.tab);
  const filters: SQL[] = [eq(payments.org_id, options.org_id), eq(payments.is_deleted, false), inArray(payments.status, [...tab.statuses])];
  if (options.payment_group_id) filters.push(eq(payments.payment_group_id, options.payment_group_id));
  // A recipient filter also shows the agent and manager payments that came from that creator's rows.
  if (options.recipient)
    filters.push(sql`(${payments.recipient} = ${options.recipient} OR ${payments.managed_creator_id} = ${options.recipient})`);
  const where = and(...filters);
  const newestFirst = [desc(payments.created_at), desc(payments.id)];
  const columns = { payment: payments, cursor_us: cursorMicros(payments.created_at) };
  const pageRows = position
    ? tx
        .select(columns)
        .from(payments)
        .where(and(where, afterPosition(payments.created_at, payments.id, position)))
        .orderBy(...newestFirst)
        .limit(options.page_size + 1)
    : tx
        .select(columns)
        .from(payments)
        .where(
          and(
            eq(payments.org_id, options.org_id),
            inArray(
              payments.id,
              tx
                .select({ id: payments.id })
                .from(payments)
                .where(where)
                .orderBy(...newestFirst)
                .limit(options.page_size + 1)
                .offset(options.page * options.page_size),
            ),
          ),
        )
        .orderBy(...newestFirst);
  const [found, totalRows] = await Promise.all([pageRows, position ? null : tx.select({ value: count() }).from(payments).where(where)]);
  const { rows, has_more, next_cursor } = keysetPage(
    found.map((row) => ({ id: row.payment.id, cursor_us: row.cursor_us, payment: row.payment })),
    options.page_size,
  );
  return {
    data: await toPaymentRecords(
      tx,
      options.org_id,
      rows.map((row) => row.payment),
    ),
    total: totalRows ? (totalRows[0]?.value ?? 0) : null,
    page: options.page,
    page_size: options.page_size,
    has_more,
    next_cursor,
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
