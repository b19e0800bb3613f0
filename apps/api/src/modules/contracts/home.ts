import { and, eq, gte, isNull, sql } from 'drizzle-orm';
import type { TodoItem } from '@crewpay/core';
import type { DbOrTx } from '../../db/client.ts';
import { contracts, creators, customers } from '../../db/schema/index.ts';
import { newestFirst, recipientOf, selectContracts } from './queries.ts';

/**
 * Home's 'Unsigned Contract' to-dos: every contract of the organisation still awaiting its
 * signature (display status Sent: an e-signature request, not signed, not invalidated), newest
 * first. An expired contract is left out: its signing link no longer opens after its expiration
 * date (UTC, as signingLinkExpiry), so nobody can act on it. A contract has no amount; has_phone says whether the recipient has a phone number.
 */
export async function unsignedContractTodos(db: DbOrTx, orgId: string): Promise<TodoItem[]> {
  const rows = await selectContracts(db, { creator_phone: creators.phone_number, customer_phone: customers.phone_number })
    .where(
      and(
        eq(contracts.org_id, orgId),
        eq(contracts.type, 'signature_request'),
        eq(contracts.status, 'requires_info'),
        isNull(contracts.signature_date),
        gte(contracts.expiration_date, sql`(now() AT TIME ZONE 'UTC')::date`),
      ),
    )
    .orderBy(...newestFirst);
  return rows.map((row) => ({
    todoType: 'Unsigned Contract' as const,
    id: row.contract.id,
    org_id: orgId,
    title: `${row.contract.title} (${recipientOf(row).name})`,
    amount: null,
    has_phone: Boolean(row.contract.recipient_type === 'creator' ? row.creator_phone : row.customer_phone),
  }));
}
