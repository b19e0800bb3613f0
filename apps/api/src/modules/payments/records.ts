import { and, eq, inArray } from 'drizzle-orm';
import type { PaymentRecord } from '@crewpay/core';
import type { DbOrTx } from '../../db/client.ts';
import { creators, users, type Payment } from '../../db/schema/index.ts';
import { recipientName } from './recipients.ts';

type Named = { name: string; email: string | null };

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function toPaymentRecord(row: Payment, recipient: Named | undefined): PaymentRecord {
  return {
    id: row.id,
    payment_group_id: row.payment_group_id,
    org_id: row.org_id,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    recipient: row.recipient,
    recipient_role: row.recipient_role,
    recipient_name: recipient?.name ?? '',
    recipient_email: recipient?.email ?? null,
    status: row.status,
    memo: row.memo,
    amount: row.amount,
    earnings: row.earnings,
    split: row.split,
    state_withholdings: row.state_withholdings,
    federal_withholdings: row.federal_withholdings,
    fee: row.fee,
    amount_currency: row.amount_currency,
    currency_amount: row.currency_amount,
    method: row.method,
    date_initiated: iso(row.date_initiated),
    date_posted: iso(row.date_posted),
    date_failed: iso(row.date_failed),
    date_returned: iso(row.date_returned),
    date_info_requested: iso(row.date_info_requested),
    last_updated: row.updated_at.toISOString(),
    stripe_reference_id: row.stripe_reference_id,
    fee_reference_id: row.fee_reference_id,
    failure_reason: row.failure_reason,
    managed_creator_id: row.managed_creator_id,
  };
}

/** Records with each recipient's name and email, read in two queries. */
export async function toPaymentRecords(tx: DbOrTx, orgId: string, rows: Payment[]): Promise<PaymentRecord[]> {
  const creatorIds = [...new Set(rows.filter((row) => row.recipient_role === 'creator').map((row) => row.recipient))];
  const userIds = [...new Set(rows.filter((row) => row.recipient_role !== 'creator').map((row) => row.recipient))];
  const names = new Map<string, Named>();
  if (creatorIds.length > 0) {
    const found = await tx
      .select({
        id: creators.id,
        email: creators.email,
        first_name: creators.first_name,
        last_name: creators.last_name,
        business_name: creators.business_name,
      })
      .from(creators)
      .where(and(eq(creators.org_id, orgId), inArray(creators.id, creatorIds)));
    for (const row of found) names.set(row.id, { name: recipientName(row), email: row.email });
  }
  if (userIds.length > 0) {
    const found = await tx
      .select({ id: users.id, email: users.email, first_name: users.first_name, last_name: users.last_name })
      .from(users)
      .where(and(eq(users.org_id, orgId), inArray(users.id, userIds)));
    for (const row of found) names.set(row.id, { name: recipientName(row), email: row.email });
  }
  return rows.map((row) => toPaymentRecord(row, names.get(row.recipient)));
}
