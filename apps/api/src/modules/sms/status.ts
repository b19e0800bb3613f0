import { and, eq } from 'drizzle-orm';
import { smsMessages } from '../../db/schema/index.ts';
import type { ProviderEventHandler } from '../../events/dispatcher.ts';
import type { Tx } from '../../db/client.ts';
import type { ProviderEvent } from '../../db/schema/index.ts';
import { recordOptOut, removeOptOut } from './opt-outs.ts';

const SMS_EVENTS = new Set(['sms.delivered', 'sms.failed', 'sms.opted_out', 'sms.opted_in']);
/** Twilio's code for a text refused because its number replied STOP (a Messaging Service reports it in the callback). */
const UNSUBSCRIBED_CODE = '21610';

/**
 * A text's final status (the carrier could not deliver it): failed with the provider's error
 * code, once, from sent only. A callback that overtakes the record of the message's id (the
 * send's answer, or the look-up after a lost one) waits and is tried again.
 */
async function applyFailed(tx: Tx, event: ProviderEvent) {
  const [message] = await tx
    .select({ id: smsMessages.id, status: smsMessages.status, to: smsMessages.to })
    .from(smsMessages)
    .where(and(eq(smsMessages.org_id, event.org_id), eq(smsMessages.provider_id, event.object_id)))
    .for('update');
  if (!message) return 'retry_later' as const;
  if (message.status !== 'sent') return undefined;
  const code = event.data.error_code;
  await tx
    .update(smsMessages)
    .set({ status: 'failed', error: `undelivered${code ? `_${code}` : ''}` })
    .where(eq(smsMessages.id, message.id));
  if (code === UNSUBSCRIBED_CODE) await recordOptOut(tx, message.to, `twilio_${code}`);
  return undefined;
}

/**
 * The SMS provider's events: a text's final status (delivered changes nothing: a sent text is
 * taken as delivered), and a person's reply STOP (no more texts to the number) or START (texts
 * again), which every organisation's texts honour.
 */
export const smsStatusEvents: ProviderEventHandler = {
  handles: (type) => SMS_EVENTS.has(type),
  async apply({ tx }, event) {
    if (event.type === 'sms.failed') return applyFailed(tx, event);
    const phone = event.data.phone;
    if (event.type === 'sms.opted_out' && phone) await recordOptOut(tx, phone, 'reply');
    if (event.type === 'sms.opted_in' && phone) await removeOptOut(tx, phone);
    return undefined;
  },
};
