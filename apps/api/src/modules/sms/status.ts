import { and, eq } from 'drizzle-orm';
import { smsMessages } from '../../db/schema/index.ts';
import type { ProviderEventHandler } from '../../events/dispatcher.ts';

/**
 * A text's final status (the SMS provider's status callback). Delivered changes nothing: a sent
 * text is taken as delivered. Failed (the carrier could not deliver it): the message is marked
 * failed with the provider's error code, once, from sent only. A callback that overtakes the
 * record of the message's id waits and is tried again.
 */
export const smsStatusEvents: ProviderEventHandler = {
  handles: (type) => type === 'sms.failed' || type === 'sms.delivered',
  async apply(tx, event) {
    if (event.type === 'sms.delivered') return undefined;
    const [message] = await tx
      .select({ id: smsMessages.id, status: smsMessages.status })
      .from(smsMessages)
      .where(and(eq(smsMessages.org_id, event.org_id), eq(smsMessages.provider_id, event.object_id)))
      .for('update');
    if (!message) return 'retry_later';
    if (message.status !== 'sent') return undefined;
    await tx
      .update(smsMessages)
      .set({ status: 'failed', error: `undelivered${event.data.error_code ? `_${event.data.error_code}` : ''}` })
      .where(eq(smsMessages.id, message.id));
    return undefined;
  },
};
