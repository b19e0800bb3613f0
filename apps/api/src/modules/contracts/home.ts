import { and, count, eq, gte, isNull, sql } from 'drizzle-orm';
import type { TodoItem } from '@crewpay/core';
import type { DbOrTx } from '../../db/client.ts';
import { contracts, creators, customers } from '../../db/schema/index.ts';
import { afterPosition, cursorMicros, literalLimit } from '../../lib/keyset.ts';
import type { PagedTodo, TodoPaging } from '../../lib/todo-paging.ts';
import { newestFirst, recipientOf, selectContracts } from './queries.ts';

const unsignedWhere = (orgId: string) =>
  and(
    eq(contracts.org_id, orgId),
    eq(contracts.type, 'signature_request'),
    eq(contracts.status, 'requires_info'),
    isNull(contracts.signature_date),
    gte(contracts.expiration_date, sql`(now() AT TIME ZONE 'UTC')::date`),
  );

/**
 * Home's 'Unsigned Contract' to-dos: every contract of the organisation still awaiting its
 * signature (display status Sent: an e-signature request, not signed, not invalidated), newest
 * first. An expired contract is left out: its signing link no longer opens after its expiration
 * date (UTC, as signingLinkExpiry), so nobody can act on it. A contract has no amount; has_phone says whether the recipient has a phone number.
 */
export async function unsignedContractTodos(db: DbOrTx, orgId: string, paging: TodoPaging): Promise<PagedTodo<TodoItem>[]> {
  const rows = await selectContracts(db, {
    creator_phone: creators.phone_number,
    customer_phone: customers.phone_number,
    cursor_us: cursorMicros(contracts.created_at),
  })
    .where(and(unsignedWhere(orgId), paging.after ? afterPosition(contracts.created_at, contracts.id, paging.after) : undefined))
    .orderBy(...newestFirst)
    .limit(literalLimit(paging.limit));
  return rows.map((row) => ({
    todoType: 'Unsigned Contract' as const,
    id: row.contract.id,
    org_id: orgId,
    title: `${row.contract.title} (${recipientOf(row).name})`,
    amount: null,
    has_phone: Boolean(row.contract.recipient_type === 'creator' ? row.creator_phone : row.customer_phone),
    cursor_us: row.cursor_us,
  }));
}

export async function countUnsignedContractTodos(db: DbOrTx, orgId: string): Promise<number> {
  const [row] = await db.select({ total: count() }).from(contracts).where(unsignedWhere(orgId));
  return row?.total ?? 0;
}
