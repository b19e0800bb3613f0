import { and, count, desc, eq, sql } from 'drizzle-orm';
import { DASHBOARD_LIST_SIZE, type DashboardAnswer, type TodoItem, type TodoListQuery, type TodoPage, type TodoType } from '@crewpay/core';
import type { DbOrTx } from '../../db/client.ts';
import { orgCreatorCounts, payments } from '../../db/schema/index.ts';
import { afterPosition, cursorMicros, decodeCursor, keysetPage, literalLimit } from '../../lib/keyset.ts';
import type { PagedTodo, TodoPaging } from '../../lib/todo-paging.ts';
import { findBalances } from '../ledger/index.ts';
import { loadRecipients, recipientName } from '../payments/index.ts';
import { activeCampaignsFor, hasCampaign } from '../campaigns/index.ts';
import { countUnpaidInvoiceTodos, openInvoiceTotals, unpaidInvoiceTodos } from '../invoices/index.ts';
import { countUnsignedContractTodos, unsignedContractTodos } from '../contracts/index.ts';

const awaitingWhere = (orgId: string) =>
  and(eq(payments.org_id, orgId), eq(payments.status, 'requires_info'), eq(payments.is_deleted, false));

/** Payments waiting for their recipient's payout details, newest first, a page at a time. */
async function paymentTodos(db: DbOrTx, orgId: string, paging: TodoPaging): Promise<PagedTodo<TodoItem>[]> {
  const rows = await db
    .select({ id: payments.id, recipient: payments.recipient, amount: payments.amount, cursor_us: cursorMicros(payments.created_at) })
    .from(payments)
    .where(and(awaitingWhere(orgId), paging.after ? afterPosition(payments.created_at, payments.id, paging.after) : undefined))
    .orderBy(desc(payments.created_at), desc(payments.id))
    .limit(literalLimit(paging.limit));
  const people = await loadRecipients(
    db,
    orgId,
    rows.map((row) => row.recipient),
  );
  return rows.map((row) => {
    const person = people.creators.get(row.recipient) ?? people.users.get(row.recipient);
    return {
      todoType: 'Payment needs payout method',
      id: row.id,
      org_id: orgId,
      title: person ? recipientName(person) : '',
      amount: row.amount,
      has_phone: Boolean(person?.phone_number),
      cursor_us: row.cursor_us,
    };
  });
}

async function countPaymentTodos(db: DbOrTx, orgId: string): Promise<number> {
  const [row] = await db.select({ total: count() }).from(payments).where(awaitingWhere(orgId));
  return row?.total ?? 0;
}

/** Each kind of to-do: its page of items and its count (Home's order: contracts, invoices, payments). */
const TODO_KINDS: Record<TodoType, { list: typeof paymentTodos; count: typeof countPaymentTodos }> = {
  'Unsigned Contract': { list: unsignedContractTodos, count: countUnsignedContractTodos },
  'Unpaid Invoice': { list: unpaidInvoiceTodos, count: countUnpaidInvoiceTodos },
  'Payment needs payout method': { list: paymentTodos, count: countPaymentTodos },
};
const HOME_ORDER: TodoType[] = ['Unsigned Contract', 'Unpaid Invoice', 'Payment needs payout method'];
const withoutCursor = ({ cursor_us: _cursor, ...todo }: PagedTodo<TodoItem>): TodoItem => todo;

/** Home's first to-dos (DASHBOARD_LIST_SIZE across the kinds, in Home's order) and each kind's count. */
async function firstTodos(db: DbOrTx, orgId: string) {
  const kinds = await Promise.all(
    HOME_ORDER.map(async (todoType) => {
      const kind = TODO_KINDS[todoType];
      const [items, total] = await Promise.all([kind.list(db, orgId, { limit: DASHBOARD_LIST_SIZE, after: null }), kind.count(db, orgId)]);
      return { todoType, items, count: total };
    }),
  );
  return {
    todos: kinds.flatMap((kind) => kind.items.map(withoutCursor)).slice(0, DASHBOARD_LIST_SIZE),
    todo_counts: kinds.map(({ todoType, count: total }) => ({ todoType, count: total })),
  };
}

/** GET /v1/dashboard/todos: one kind's to-dos, newest first, by keyset (See all). */
export async function listTodos(db: DbOrTx, orgId: string, query: TodoListQuery): Promise<TodoPage> {
  const after = query.starting_after ? decodeCursor(query.starting_after) : null;
  const rows = await TODO_KINDS[query.todoType].list(db, orgId, { limit: query.page_size + 1, after });
  const page = keysetPage(rows, query.page_size);
  return { todos: page.rows.map(withoutCursor), has_more: page.has_more, next_cursor: page.next_cursor };
}

/** GET /v1/dashboard: wallet balance, draft payments total, creators count, the to-do list and the active campaigns. */
export async function dashboardFor(db: DbOrTx, orgId: string): Promise<DashboardAnswer> {
  const [balances, [drafts], [creatorCount], todos, receivable, active_campaigns, has_campaign] = await Promise.all([
    findBalances(db, orgId, ['wallet_available']),
    db
      .select({ total: sql<string>`COALESCE(SUM(${payments.amount}), 0)` })
      .from(payments)
      .where(and(eq(payments.org_id, orgId), eq(payments.status, 'draft'), eq(payments.is_deleted, false))),
    // Kept by the database as creators are added (migration org_creator_counts_trigger): counting them grew with the organisation.
    db.select({ total: orgCreatorCounts.creators }).from(orgCreatorCounts).where(eq(orgCreatorCounts.org_id, orgId)),
    firstTodos(db, orgId),
    openInvoiceTotals(db, orgId),
    activeCampaignsFor(db, orgId),
    hasCampaign(db, orgId),
  ]);
  return {
    balance: balances.wallet_available ?? 0,
    ...receivable,
    draft_payments: Number(drafts?.total ?? 0),
    total_creators: creatorCount?.total ?? 0,
    ...todos,
    active_campaigns,
    has_campaign,
  };
}
