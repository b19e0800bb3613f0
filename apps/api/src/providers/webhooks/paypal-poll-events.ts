import type { ProviderEventInput } from '../contract.ts';
import { readSenderItemId, type PaypalBatchRead } from '../payouts/paypal-payouts.ts';
import { itemEvents } from './paypal-events.ts';

/** Batch statuses in which PayPal pays nobody of the batch and gives its money back. */
const PAYS_NOBODY = new Set(['DENIED', 'CANCELED']);
/** Item statuses that settle a payment for the poll: paid, failed, returned, or held by PayPal (its webhook later brings the rest). */
const SETTLED = new Set(['SUCCESS', 'FAILED', 'BLOCKED', 'RETURNED', 'REFUNDED', 'REVERSED', 'UNCLAIMED', 'ONHOLD']);
/** Statuses that follow a payout PayPal had paid: the poll, which may see only the last one, says paid first. */
const AFTER_PAID = new Set(['REFUNDED', 'REVERSED']);

const pollEventId = (...parts: string[]) => `paypal-poll:${parts.join(':')}`;

/**
 * What a read of a batch tells about our payments in it, as the payout events PayPal's webhooks
 * would bring (the same mapping, item by item), with ids of their own derived from the item and
 * its status: reading the same thing again stores nothing new, and a payment the webhook already
 * settled is left as it is by the payment's state machine. A DENIED or CANCELED batch fails each
 * payment. `waiting`: the payments whose item PayPal has not listed yet, or lists as still pending.
 */
export function polledBatchEvents(
  orgId: string,
  batch: PaypalBatchRead,
  paymentIds: string[],
): { events: ProviderEventInput[]; waiting: string[] } {
  if (PAYS_NOBODY.has(batch.batch_status))
    return {
      events: paymentIds.map((paymentId) => ({
        id: pollEventId(batch.batch_id, batch.batch_status, paymentId),
        type: 'payout.failed',
        org_id: orgId,
        object_id: batch.batch_id,
        data: { payment_id: paymentId, reason: batch.batch_status, batch_id: batch.batch_id },
      })),
      waiting: [],
    };
  const ours = new Set(paymentIds);
  const settled = new Set<string>();
  const events: ProviderEventInput[] = [];
  for (const item of batch.items) {
    const owner = readSenderItemId(item.payout_item.sender_item_id ?? '');
    const status = item.transaction_status ?? '';
    if (!owner || owner.org_id !== orgId || !ours.has(owner.payment_id) || !SETTLED.has(status)) continue;
    settled.add(owner.payment_id);
    if (AFTER_PAID.has(status))
      events.push(...itemEvents({ id: pollEventId(item.payout_item_id, 'SUCCESS'), resource: { ...item, transaction_status: 'SUCCESS' } }));
    events.push(...itemEvents({ id: pollEventId(item.payout_item_id, status), resource: item }));
  }
  return { events, waiting: paymentIds.filter((paymentId) => !settled.has(paymentId)) };
}
