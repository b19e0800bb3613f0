import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { creators, payments, users } from '../../db/schema/index.ts';
import type { DomainEvent } from '../../events/dispatcher.ts';

type Named = { email: string; first_name: string | null; last_name: string | null; business_name: string | null };

const nameOfPerson = (row: Named) => row.business_name || [row.first_name, row.last_name].filter(Boolean).join(' ') || row.email;

/**
 * A payment's event with the payee's name added (`recipient_name`), so its notification says whom
 * the money went to. Read here (payments emit the event with ids and amounts only); an event
 * whose payment or payee is not found is left as it is.
 */
export async function withPayeeName(tx: DbOrTx, event: DomainEvent): Promise<DomainEvent> {
  if (!event.type.startsWith('payment.') || typeof event.data.recipient_name === 'string') return event;
  const paymentId = typeof event.data.payment_id === 'string' ? event.data.payment_id : event.data.id;
  if (typeof paymentId !== 'string' || !/^[0-9a-f-]{36}$/i.test(paymentId)) return event;
  const [payment] = await tx
    .select({ recipient: payments.recipient, role: payments.recipient_role })
    .from(payments)
    .where(and(eq(payments.org_id, event.org_id), eq(payments.id, paymentId)));
  if (!payment) return event;
  const columns = { email: users.email, first_name: users.first_name, last_name: users.last_name, business_name: users.business_name };
  const [payee] =
    payment.role === 'creator'
      ? await tx
          .select({
            email: creators.email,
            first_name: creators.first_name,
            last_name: creators.last_name,
            business_name: creators.business_name,
          })
          .from(creators)
          .where(and(eq(creators.org_id, event.org_id), eq(creators.id, payment.recipient)))
      : await tx
          .select(columns)
          .from(users)
          .where(and(eq(users.org_id, event.org_id), eq(users.id, payment.recipient)));
  return payee ? { ...event, data: { ...event.data, recipient_name: nameOfPerson(payee) } } : event;
}
