import { and, count, desc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { PortalPaymentPage } from '@crewpay/core';
import type { DbOrTx } from '../../db/client.ts';
import { campaigns, orgs, payments } from '../../db/schema/index.ts';
import { afterPosition, cursorMicros, decodeCursor, keysetPage } from '../../lib/keyset.ts';
import { inScope, type PortalRecords, type PortalScope } from './scope.ts';

/**
 * The payments made to the user: to their creator rows, and to the user themselves as an agent
 * or manager. Drafts (the organisation's work in progress) and deleted payments are not theirs to see.
 */
export function ownPaymentsFilter(scope: PortalScope, records: PortalRecords): SQL {
  const creatorIds = records.creators.map((row) => row.id);
  const toCreator =
    creatorIds.length > 0 ? and(eq(payments.recipient_role, 'creator'), inArray(payments.recipient, creatorIds)) : undefined;
  const toSelf = and(inArray(payments.recipient_role, ['agent', 'manager']), eq(payments.recipient, scope.user.id));
  return and(or(toCreator, toSelf), eq(payments.is_deleted, false), ne(payments.status, 'draft'), inScope(scope, payments.org_id))!;
}

/**
 * GET /v1/portal/payments: newest first, one page. By cursor (starting_after) a page starts after
 * the last row of the page before, so the walk has no gaps or repeats while payments arrive; by
 * page number (the spec's calls) it is an offset, and the total for the pager is counted.
 */
export async function listOwnPayments(
  tx: DbOrTx,
  options: { scope: PortalScope; records: PortalRecords; page: number; page_size: number; starting_after?: string | undefined },
): Promise<PortalPaymentPage> {
  const position = options.starting_after ? decodeCursor(options.starting_after) : null;
  const where = ownPaymentsFilter(options.scope, options.records);
  const query = tx
    .select({
      id: payments.id,
      org_id: payments.org_id,
      org_name: orgs.name,
      campaign_title: campaigns.title,
      status: payments.status,
      memo: payments.memo,
      amount: payments.amount,
      date_posted: payments.date_posted,
      created_at: payments.created_at,
      cursor_us: cursorMicros(payments.created_at),
    })
    .from(payments)
    .innerJoin(orgs, eq(orgs.id, payments.org_id))
    .leftJoin(campaigns, and(eq(campaigns.id, payments.payment_group_id), eq(campaigns.org_id, payments.org_id)))
    .where(position ? and(where, afterPosition(payments.created_at, payments.id, position)) : where)
    .orderBy(desc(payments.created_at), desc(payments.id))
    .limit(options.page_size + 1);
  const [found, totals] = await Promise.all([
    position ? query : query.offset(options.page * options.page_size),
    position ? null : tx.select({ total: count() }).from(payments).where(where),
  ]);
  const { rows, has_more, next_cursor } = keysetPage(found, options.page_size);
  return {
    // Field by field: an object rest of the row copies through a V8 runtime call per row.
    data: rows.map((row) => ({
      id: row.id,
      org_id: row.org_id,
      org_name: row.org_name,
      campaign_title: row.campaign_title ?? null,
      status: row.status,
      memo: row.memo,
      amount: row.amount,
      date_posted: row.date_posted?.toISOString() ?? null,
      created_at: row.created_at.toISOString(),
    })),
    page: options.page,
    has_more,
    total: totals ? (totals[0]?.total ?? 0) : null,
    next_cursor,
  };
}

/** The home's payment figures: how many, posted total and waiting-or-pending total (cents). */
export async function ownPaymentFigures(tx: DbOrTx, scope: PortalScope, records: PortalRecords) {
  const [row] = await tx
    .select({
      payments: count(),
      completed: sql<string>`coalesce(sum(${payments.amount}) filter (where ${payments.status} = 'succeeded'), 0)`,
      pending: sql<string>`coalesce(sum(${payments.amount}) filter (where ${payments.status} in ('requires_info', 'processing')), 0)`,
    })
    .from(payments)
    .where(ownPaymentsFilter(scope, records));
  return { payments: row?.payments ?? 0, completed: Number(row?.completed ?? 0), pending: Number(row?.pending ?? 0) };
}

/** Payments waiting for the user's payout details: the 'Payment needs payout method' to-dos. */
export async function ownWaitingPayments(tx: DbOrTx, scope: PortalScope, records: PortalRecords) {
  return tx
    .select({ id: payments.id, org_id: payments.org_id, org_name: orgs.name, memo: payments.memo, amount: payments.amount })
    .from(payments)
    .innerJoin(orgs, eq(orgs.id, payments.org_id))
    .where(and(ownPaymentsFilter(scope, records), eq(payments.status, 'requires_info')))
    .orderBy(desc(payments.created_at), desc(payments.id))
    .limit(500);
}
