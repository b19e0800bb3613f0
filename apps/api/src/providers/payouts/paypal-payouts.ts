import { ProviderCallError } from '../contract.ts';
import { paypalClient, type PaypalSettings } from '../clients/paypal-client.ts';
import type { PayoutRequest, StartedPayout } from './types.ts';

/** PayPal's limit of items in one payout batch. */
export const PAYPAL_BATCH_LIMIT = 15_000;
const PAGE_SIZE = 1000;

const toBase64Url = (uuid: string) => Buffer.from(uuid.replaceAll('-', ''), 'hex').toString('base64url');
const fromBase64Url = (text: string) => {
  const hex = Buffer.from(text, 'base64url').toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

/**
 * sender_item_id (at most 63 characters) carries our organisation's and payment's ids, 22
 * characters each, so PayPal's item webhooks find our payment without a lookup.
 */
export const senderItemId = (orgId: string, paymentId: string) => `${toBase64Url(orgId)}${toBase64Url(paymentId)}`;
export function readSenderItemId(value: string): { org_id: string; payment_id: string } | null {
  if (!/^[\w-]{44}$/.test(value)) return null;
  return { org_id: fromBase64Url(value.slice(0, 22)), payment_id: fromBase64Url(value.slice(22)) };
}

type BatchAnswer = { batch_header: { payout_batch_id: string; batch_status: string } };
type BatchDetails = BatchAnswer & { items?: { payout_item_id: string; payout_item: { sender_item_id: string } }[]; total_page?: number };

function item(orgId: string, request: PayoutRequest) {
  const { destination } = request;
  if (destination.method !== 'paypal' && destination.method !== 'venmo') throw new Error(`PayPal does not pay ${destination.method}`);
  const amount = { value: (request.amount / 100).toFixed(2), currency: 'USD' };
  return destination.method === 'paypal'
    ? {
        recipient_type: 'EMAIL',
        receiver: destination.paypal_email,
        recipient_wallet: 'PAYPAL',
        amount,
        sender_item_id: senderItemId(orgId, request.payment_id),
      }
    : {
        recipient_type: 'PHONE',
        receiver: destination.venmo_phone_number,
        recipient_wallet: 'VENMO',
        amount,
        sender_item_id: senderItemId(orgId, request.payment_id),
      };
}

/**
 * PayPal and Venmo payouts through the Payouts API: one batch per 15,000 items, whose
 * sender_batch_id is the outbox's idempotency key (PayPal refuses a second batch with it, and
 * PayPal-Request-Id answers the first batch again on a retry). The batch's items are read back
 * for their payout_item_id; items PayPal has not listed yet make the call retry. Outcomes come as
 * PAYMENT.PAYOUTS-ITEM.* webhooks (live/paypal-events.ts).
 */
export function createPaypalPayouts(settings: PaypalSettings) {
  const paypal = paypalClient(settings);

  async function itemIds(batchId: string): Promise<Map<string, string>> {
    const ids = new Map<string, string>();
    for (let page = 1; ; page += 1) {
      const details = await paypal.request<BatchDetails>(
        'GET',
        `/v1/payments/payouts/${encodeURIComponent(batchId)}?page=${page}&page_size=${PAGE_SIZE}&total_required=true`,
      );
      for (const entry of details.items ?? []) ids.set(entry.payout_item.sender_item_id, entry.payout_item_id);
      if (page >= (details.total_page ?? 1)) return ids;
    }
  }

  return {
    async createPayouts(options: { org_id: string; idempotency_key: string; payouts: PayoutRequest[] }): Promise<StartedPayout[]> {
      const started: StartedPayout[] = [];
      for (let start = 0; start < options.payouts.length; start += PAYPAL_BATCH_LIMIT) {
        const chunk = options.payouts.slice(start, start + PAYPAL_BATCH_LIMIT);
        const senderBatchId = start === 0 ? options.idempotency_key : `${options.idempotency_key}:${start / PAYPAL_BATCH_LIMIT}`;
        const batch = await paypal.request<BatchAnswer>('POST', '/v1/payments/payouts', {
          headers: { 'paypal-request-id': senderBatchId },
          body: {
            sender_batch_header: { sender_batch_id: senderBatchId, email_subject: 'You have a payout', recipient_type: 'EMAIL' },
            items: chunk.map((request) => item(options.org_id, request)),
          },
        });
        const ids = await itemIds(batch.batch_header.payout_batch_id);
        for (const request of chunk) {
          const payoutId = ids.get(senderItemId(options.org_id, request.payment_id));
          if (!payoutId) throw new ProviderCallError({ code: 'batch_processing', retryable: true });
          started.push({ payment_id: request.payment_id, payout_id: payoutId });
        }
      }
      return started;
    },
  };
}
