import { and, desc, eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps.ts';
import { orgs, paypalLinks } from '../../db/schema/index.ts';
import { ProviderCallError } from '../contract.ts';
import { PaypalCallError } from '../clients/paypal-client.ts';
import { paypalFor } from '../process-clients.ts';
import type { PayoutRequest, StartedPayout } from './types.ts';

/** PayPal's limit of items in one payout batch. */
export const PAYPAL_BATCH_LIMIT = 15_000;
const PAGE_SIZE = 1000;
/** How long the call waits for PayPal to list a new batch's items before reading them: at once, then after 0.5, 1 and 2 s. */

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

type BatchHeader = { payout_batch_id: string; batch_status: string };
/** A batch's item as GET /v1/payments/payouts/{id} lists it: the same payout_item resource PAYMENT.PAYOUTS-ITEM.* webhooks carry. */
export type PaypalBatchItem = {
  payout_item_id: string;
  transaction_status?: string;
  payout_item: { sender_item_id?: string };
  errors?: { name?: string };
};
export type PaypalBatchRead = { batch_id: string; batch_status: string; items: PaypalBatchItem[] };
type BatchDetails = { batch_header: BatchHeader; items?: PaypalBatchItem[]; total_pages?: number };

function item(orgId: string, note: string, request: PayoutRequest) {
  const { destination } = request;
  if (destination.method !== 'paypal' && destination.method !== 'venmo') throw new Error(`PayPal does not pay ${destination.method}`);
  const common = {
    amount: { value: (request.amount / 100).toFixed(2), currency: 'USD' },
    note,
    sender_item_id: senderItemId(orgId, request.payment_id),
  };
  // Venmo takes a US mobile number and requires the note (recipient_wallet_enum).
  return destination.method === 'paypal'
    ? { recipient_type: 'EMAIL', receiver: destination.paypal_email, recipient_wallet: 'PAYPAL', ...common }
    : { recipient_type: 'PHONE', receiver: destination.venmo_phone_number, recipient_wallet: 'VENMO', ...common };
}

/** The organisation's connected PayPal account (its payer id) and its name for the payees' note. */
async function payingAccount(deps: Pick<AppDeps, 'db'>, orgId: string): Promise<{ merchantId: string; note: string }> {
  const [link] = await deps.db
    .select({ merchant_id: paypalLinks.merchant_id, org_name: orgs.name })
    .from(paypalLinks)
    .innerJoin(orgs, eq(orgs.id, paypalLinks.org_id))
    .where(and(eq(paypalLinks.org_id, orgId), eq(paypalLinks.status, 'linked')))
    .orderBy(desc(paypalLinks.created_at))
    .limit(1);
  // Deactivated since the payments were executed: Crewpay may no longer send from that account.
  if (!link?.merchant_id) throw new ProviderCallError({ code: 'paypal_not_connected', retryable: false });
  return { merchantId: link.merchant_id, note: `Payment from ${link.org_name}`.slice(0, 1000) };
}

/** Every page of a batch's items (GET /v1/payments/payouts/{payout_batch_id}), read on behalf of the paying account. */
async function readPaypalBatchPages(paypal: ReturnType<typeof paypalFor>, batchId: string, merchantId: string): Promise<PaypalBatchRead> {
  const items: PaypalBatchItem[] = [];
  for (let page = 1; ; page += 1) {
    const details = await paypal.request<BatchDetails>(
      'GET',
      `/v1/payments/payouts/${encodeURIComponent(batchId)}?page=${page}&page_size=${PAGE_SIZE}&total_required=true`,
      { onBehalfOf: merchantId },
    );
    items.push(...(details.items ?? []));
    if (page >= (details.total_pages ?? 1)) return { batch_id: batchId, batch_status: details.batch_header.batch_status, items };
  }
}

/**
 * A batch read again later (the poll of a batch PayPal had not listed when it was created): its
 * status and every item, from the organisation's connected account.
 */
export async function readPaypalBatch(
  deps: Pick<AppDeps, 'config' | 'db' | 'kernel'>,
  options: { org_id: string; batch_id: string },
): Promise<PaypalBatchRead> {
  const { merchantId } = await payingAccount(deps, options.org_id);
  return readPaypalBatchPages(paypalFor(deps), options.batch_id, merchantId);
}

/**
 * PayPal and Venmo payouts through the Payouts API, paid from the organisation's own PayPal
 * account: the partner's credentials with the organisation's PayPal-Auth-Assertion, never from
 * Crewpay's balance. One batch per 15,000 items, whose sender_batch_id is the outbox's
 * idempotency key (PayPal refuses a second batch with it, and PayPal-Request-Id answers the first
 * batch again on a retry). The batch's items are read back for their payout_item_id, waiting a
 * little for a batch PayPal has not listed yet; one still unlisted then is not failed: its
 * payments have no reference until their item's webhook, or the poll that reads the batch again
 * (modules/payments/paypal-poll.ts), brings the item's id.
 * A batch PayPal DENIED or CANCELED at once fails the call. Outcomes come as PAYMENT.PAYOUTS-*
 * webhooks (webhooks/paypal-events.ts).
 */
export function createPaypalPayouts(deps: Pick<AppDeps, 'config' | 'db' | 'kernel'>) {
  const paypal = paypalFor(deps);

  async function readBatch(batchId: string, merchantId: string): Promise<{ status: string; ids: Map<string, string> }> {
    const batch = await readPaypalBatchPages(paypal, batchId, merchantId);
    const ids = new Map<string, string>();
    for (const entry of batch.items) if (entry.payout_item.sender_item_id) ids.set(entry.payout_item.sender_item_id, entry.payout_item_id);
    return { status: batch.batch_status, ids };
  }

  async function itemIds(batchId: string, merchantId: string, expected: number): Promise<Map<string, string>> {
    let ids = new Map<string, string>();
    const firstWaitMs = deps.config.providers.paypal.batchListWaitMs;
    for (const waitMs of [0, firstWaitMs, 2 * firstWaitMs, 4 * firstWaitMs]) {
      if (waitMs > 0) await new Promise((resolve) => setTimeout(resolve, waitMs));
      const batch = await readBatch(batchId, merchantId);
      if (batch.status === 'DENIED' || batch.status === 'CANCELED') throw new ProviderCallError({ code: batch.status, retryable: false });
      ids = batch.ids;
      if (ids.size >= expected) break;
    }
    return ids;
  }

  /**
   * Sends one batch; answers its payout_batch_id. A batch PayPal already has under this
   * sender_batch_id (it made it and the answer was lost: a 5xx, a dropped connection) is refused
   * as a duplicate with a link to it: that batch is ours, and its id is taken from the link.
   */
  async function sendBatch(body: object, senderBatchId: string, requestId: string, merchantId: string): Promise<string> {
    try {
      const batch = await paypal.request<{ batch_header: BatchHeader }>('POST', '/v1/payments/payouts', {
        onBehalfOf: merchantId,
        headers: { 'paypal-request-id': requestId },
        body,
      });
      return batch.batch_header.payout_batch_id;
    } catch (error) {
      const original = error instanceof PaypalCallError ? duplicateBatchId(error) : null;
      if (original) return original;
      throw error;
    }
  }

  async function sendPayouts(
    options: { org_id: string; idempotency_key: string; payouts: PayoutRequest[] },
    requestIdOf: (senderBatchId: string) => string,
  ): Promise<StartedPayout[]> {
    const { merchantId, note } = await payingAccount(deps, options.org_id);
    const started: StartedPayout[] = [];
    for (let start = 0; start < options.payouts.length; start += PAYPAL_BATCH_LIMIT) {
      const chunk = options.payouts.slice(start, start + PAYPAL_BATCH_LIMIT);
      const senderBatchId = start === 0 ? options.idempotency_key : `${options.idempotency_key}:${start / PAYPAL_BATCH_LIMIT}`;
      const body = {
        sender_batch_header: { sender_batch_id: senderBatchId, email_subject: 'You have a payout', recipient_type: 'EMAIL' },
        items: chunk.map((request) => item(options.org_id, note, request)),
      };
      const batchId = await sendBatch(body, senderBatchId, requestIdOf(senderBatchId), merchantId);
      const ids = await itemIds(batchId, merchantId, chunk.length);
      for (const request of chunk)
        started.push({
          payment_id: request.payment_id,
          payout_id: ids.get(senderItemId(options.org_id, request.payment_id)) ?? null,
          batch_id: batchId,
        });
    }
    return started;
  }

  return {
    createPayouts: (options: { org_id: string; idempotency_key: string; payouts: PayoutRequest[] }) =>
      sendPayouts(options, (senderBatchId) => senderBatchId),
    /**
     * The batches of a call whose answers were lost, found by our sender_batch_id. PayPal has no
     * search by it; its documented way is the duplicate's refusal, which links the original batch:
     * the same batch is sent again under a new PayPal-Request-Id (a saved breakdown under the first
     * is not answered again), and PayPal pays a sender_batch_id once in 30 days, so this finds the
     * batch, or makes it when PayPal never did (what the call was for: its payments are still held).
     * Its items are then read (GET the batch) and matched by our sender_item_id.
     */
    findPayouts: (options: { org_id: string; idempotency_key: string; payouts: PayoutRequest[] }) =>
      sendPayouts(options, (senderBatchId) => `${senderBatchId}:lookup`),
  };
}

/** The original batch's id when PayPal refused a batch as a duplicate of our sender_batch_id (its HATEOAS link). */
function duplicateBatchId(error: PaypalCallError): string | null {
  if (error.code !== 'USER_BUSINESS_ERROR' || !error.issues.some((issue) => /sender_batch_id already exists/i.test(issue))) return null;
  for (const link of error.links) {
    const id = /\/v1\/payments\/payouts\/([^/?#]+)/.exec(link.href)?.[1];
    if (id) return decodeURIComponent(id);
  }
  return null;
}
