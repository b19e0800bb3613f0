import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { expiringLinks, payments, type ExpiringLink } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { INVALID_LINK_MESSAGE, createExpiringLinks } from './service.ts';

type PayeeRole = 'creator' | 'agent' | 'manager';
type PayeeLinkPayload = { recipient: string; recipient_role: PayeeRole; payment_ids: string[] };

/** The payee link's recipient and the payments it was issued for; anything else is not a payee link. */
export function payeePayloadOf(link: ExpiringLink): PayeeLinkPayload {
  const payload = link.payload as Partial<PayeeLinkPayload>;
  if (link.type !== 'payee' || !link.org_id || typeof payload.recipient !== 'string' || !payload.recipient_role)
    throw new AppError('gone', INVALID_LINK_MESSAGE);
  const paymentIds = Array.isArray(payload.payment_ids) ? payload.payment_ids.filter((id): id is string => typeof id === 'string') : [];
  return { recipient: payload.recipient, recipient_role: payload.recipient_role, payment_ids: paymentIds };
}

/**
 * Issues one payee link per recipient, bound to the payments it asks details for. A new link
 * replaces the recipient's earlier unused ones (a reminder): they stop working, and the payments
 * they were issued for move onto the new link so nothing is left without a working link.
 */
export async function issuePayeeLinks(
  tx: DbOrTx,
  orgId: string,
  items: { recipient: string; recipient_role: PayeeRole; payment_ids: string[] }[],
): Promise<string[]> {
  if (items.length === 0) return [];
  const recipients = items.map((item) => item.recipient);
  const replaced = await tx
    .update(expiringLinks)
    .set({ used_at: new Date() })
    .where(
      and(
        eq(expiringLinks.org_id, orgId),
        eq(expiringLinks.type, 'payee'),
        isNull(expiringLinks.used_at),
        inArray(sql<string>`${expiringLinks.payload}->>'recipient'`, recipients),
      ),
    )
    .returning({ payload: expiringLinks.payload });
  const earlier = new Map<string, string[]>();
  for (const row of replaced) {
    const payload = row.payload as Partial<PayeeLinkPayload>;
    if (typeof payload.recipient !== 'string' || !Array.isArray(payload.payment_ids)) continue;
    earlier.set(payload.recipient, [...(earlier.get(payload.recipient) ?? []), ...payload.payment_ids]);
  }
  return createExpiringLinks(
    tx,
    items.map((item) => ({
      type: 'payee' as const,
      org_id: orgId,
      payload: {
        recipient: item.recipient,
        recipient_role: item.recipient_role,
        payment_ids: [...new Set([...item.payment_ids, ...(earlier.get(item.recipient) ?? [])])],
      },
    })),
  );
}

/**
 * The payments of this link still waiting for payout details. A link stops working when none
 * waits any more (paid, deleted, or given details through another link). Links issued before
 * links were bound to payments stand for all of their recipient's waiting payments.
 */
export async function waitingPaymentsOfLink(tx: DbOrTx, link: ExpiringLink, options: { forUpdate?: boolean } = {}) {
  const { recipient, payment_ids } = payeePayloadOf(link);
  const conditions = [
    eq(payments.org_id, link.org_id!),
    eq(payments.recipient, recipient),
    eq(payments.status, 'requires_info'),
    eq(payments.is_deleted, false),
  ];
  if (payment_ids.length > 0) conditions.push(inArray(payments.id, payment_ids));
  const query = tx
    .select()
    .from(payments)
    .where(and(...conditions))
    .orderBy(payments.id);
  const rows = options.forUpdate ? await query.for('update') : await query;
  if (rows.length === 0) throw new AppError('gone', INVALID_LINK_MESSAGE);
  return rows;
}
