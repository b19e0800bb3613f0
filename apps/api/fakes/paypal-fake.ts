import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { startHttpFake, type FakeAnswer, type FakeRequest } from './http-fake.ts';

export const PAYPAL_FAKE_CLIENT = { id: 'crewpay-fake-client', secret: 'crewpay-fake-secret', webhookId: 'WH-CREWPAY-FAKE' };
const CERT_URL = 'https://api.paypal.com/v1/notifications/certs/CERT-FAKE';

const upper = (length: number) => randomBytes(length).toString('hex').toUpperCase().slice(0, length);

/** The sandbox's PayPal and Venmo test receivers, honoured alike: FAILED or BLOCKED, or paid then REFUNDED. */
const RECEIVERS: Record<string, { status: 'FAILED' | 'BLOCKED' | 'REFUNDED'; error?: string }> = {
  'unregistered@paypal.sandbox': { status: 'FAILED', error: 'RECEIVER_UNREGISTERED' },
  'blocked@paypal.sandbox': { status: 'BLOCKED', error: 'RECEIVER_ACCOUNT_LOCKED' },
  'refunded@paypal.sandbox': { status: 'REFUNDED' },
  '+15555550100': { status: 'FAILED', error: 'RECEIVER_UNREGISTERED' },
  '+15555550101': { status: 'REFUNDED' },
};

type Item = { payout_item_id: string; transaction_status: string; payout_batch_id: string; payout_item: Record<string, unknown> };
type Json = Record<string, unknown>;
const error = (status: number, name: string, message: string, headers?: Record<string, string>): FakeAnswer => ({
  status,
  headers,
  body: { name, message, debug_id: upper(13), information_link: 'https://developer.paypal.com/docs/api/payments.payouts-batch/v1/#errors' },
});

/**
 * PayPal's REST API as Crewpay uses it, on a local port: OAuth client credentials, Payouts
 * (create a batch of at most 15,000 items, a sender_batch_id only once, PayPal-Request-Id
 * answering the first answer again; show a batch's items by page), and webhooks signed by the
 * fake and checked by its verify-webhook-signature.
 */
export async function startPaypalFake(options: { port?: number } = {}) {
  const tokens = new Set<string>();
  const batches = new Map<string, { header: Json; items: Item[] }>();
  const senderBatchIds = new Set<string>();
  const byRequestId = new Map<string, FakeAnswer>();
  const pending: Json[] = [];
  const signingKey = randomBytes(32);

  const event = (type: string, item: Item, errorName?: string) =>
    pending.push({
      id: `WH-${upper(17)}`,
      event_version: '1.0',
      create_time: new Date().toISOString(),
      resource_type: 'payouts_item',
      event_type: type,
      summary: `A payout item has ${type.split('.').at(-1)!.toLowerCase()}`,
      resource: { ...structuredClone(item), ...(errorName ? { errors: { name: errorName, message: errorName } } : {}) },
    });

  function createBatch(request: FakeRequest): FakeAnswer {
    const body = JSON.parse(request.body) as { sender_batch_header?: { sender_batch_id?: string }; items?: Json[] };
    const senderBatchId = body.sender_batch_header?.sender_batch_id;
    const items = body.items ?? [];
    if (!senderBatchId || items.length === 0) return error(400, 'VALIDATION_ERROR', 'Invalid request - see details');
    if (items.length > 15_000) return error(400, 'VALIDATION_ERROR', 'Batch size exceeds the maximum of 15000 items');
    if (senderBatchIds.has(senderBatchId)) return error(400, 'USER_BUSINESS_ERROR', 'Batch with given sender_batch_id already exists');
    senderBatchIds.add(senderBatchId);
    const batchId = upper(13);
    const header = { payout_batch_id: batchId, batch_status: 'PENDING', sender_batch_header: body.sender_batch_header };
    const created = items.map((payoutItem) => ({
      payout_item_id: upper(13),
      transaction_status: 'PENDING',
      payout_batch_id: batchId,
      payout_item: payoutItem,
    }));
    batches.set(batchId, { header, items: created });
    for (const item of created) {
      const outcome = RECEIVERS[String(item.payout_item.receiver).toLowerCase()];
      if (outcome?.status === 'FAILED' || outcome?.status === 'BLOCKED') {
        event(`PAYMENT.PAYOUTS-ITEM.${outcome.status}`, { ...item, transaction_status: outcome.status }, outcome.error);
        continue;
      }
      event('PAYMENT.PAYOUTS-ITEM.SUCCEEDED', { ...item, transaction_status: 'SUCCESS' });
      if (outcome?.status === 'REFUNDED') event('PAYMENT.PAYOUTS-ITEM.REFUNDED', { ...item, transaction_status: 'REFUNDED' });
    }
    return {
      status: 201,
      body: { batch_header: header, links: [{ href: `/v1/payments/payouts/${batchId}`, rel: 'self', method: 'GET' }] },
    };
  }

  function showBatch(request: FakeRequest, batchId: string): FakeAnswer {
    const batch = batches.get(batchId);
    if (!batch) return error(404, 'INVALID_RESOURCE_ID', 'Requested resource ID was not found.');
    const pageSize = Math.min(Number(request.query.get('page_size') ?? 1000), 1000);
    const page = Number(request.query.get('page') ?? 1);
    return {
      status: 200,
      body: {
        batch_header: batch.header,
        items: batch.items.slice((page - 1) * pageSize, page * pageSize),
        total_items: batch.items.length,
        total_page: Math.max(1, Math.ceil(batch.items.length / pageSize)),
      },
    };
  }

  const signed = (id: string, time: string, body: string) =>
    createHmac('sha256', signingKey)
      .update(`${id}|${time}|${PAYPAL_FAKE_CLIENT.webhookId}|${createHash('sha256').update(body).digest('hex')}`)
      .digest('base64');

  function verifySignature(request: FakeRequest): FakeAnswer {
    const body = JSON.parse(request.body) as Record<string, unknown>;
    const eventBody = JSON.stringify(body.webhook_event);
    const isValid =
      body.webhook_id === PAYPAL_FAKE_CLIENT.webhookId &&
      body.cert_url === CERT_URL &&
      body.auth_algo === 'SHA256withRSA' &&
      body.transmission_sig === signed(String(body.transmission_id), String(body.transmission_time), eventBody);
    return { status: 200, body: { verification_status: isValid ? 'SUCCESS' : 'FAILURE' } };
  }

  function route(request: FakeRequest): FakeAnswer {
    if (request.method === 'POST' && request.path === '/v1/oauth2/token') {
      const expected = `Basic ${Buffer.from(`${PAYPAL_FAKE_CLIENT.id}:${PAYPAL_FAKE_CLIENT.secret}`).toString('base64')}`;
      if (request.headers.authorization !== expected || request.body !== 'grant_type=client_credentials')
        return { status: 401, body: { error: 'invalid_client', error_description: 'Client Authentication failed' } };
      const token = `A21AA${randomBytes(24).toString('base64url')}`;
      tokens.add(token);
      return {
        status: 200,
        body: {
          scope: 'https://uri.paypal.com/services/payments/payouts',
          access_token: token,
          token_type: 'Bearer',
          app_id: 'APP-FAKE',
          expires_in: 32_400,
          nonce: randomUUID(),
        },
      };
    }
    if (!tokens.has(String(request.headers.authorization).replace(/^Bearer /, '')))
      return error(
        401,
        'AUTHENTICATION_FAILURE',
        'Authentication failed due to invalid authentication credentials or a missing Authorization header.',
      );
    if (request.method === 'POST' && request.path === '/v1/payments/payouts') {
      const requestId = request.headers['paypal-request-id'];
      const earlier = typeof requestId === 'string' ? byRequestId.get(requestId) : undefined;
      if (earlier) return earlier;
      const answer = createBatch(request);
      if (typeof requestId === 'string' && answer.status < 500) byRequestId.set(requestId, answer);
      return answer;
    }
    const batch = /^\/v1\/payments\/payouts\/([A-Z0-9]+)$/.exec(request.path);
    if (request.method === 'GET' && batch) return showBatch(request, batch[1]!);
    if (request.method === 'POST' && request.path === '/v1/notifications/verify-webhook-signature') return verifySignature(request);
    return error(404, 'RESOURCE_NOT_FOUND', 'The specified resource does not exist.');
  }

  const fake = await startHttpFake(route, options);
  return {
    ...fake,
    settings: {
      PAYPAL_CLIENT_ID: PAYPAL_FAKE_CLIENT.id,
      PAYPAL_CLIENT_SECRET: PAYPAL_FAKE_CLIENT.secret,
      PAYPAL_WEBHOOK_ID: PAYPAL_FAKE_CLIENT.webhookId,
      PAYPAL_API_BASE: fake.url,
    },
    /** Forgets every token, as PayPal does when one is revoked before it expires. */
    revokeTokens: () => tokens.clear(),
    takeEvents: () => pending.splice(0),
    /** Delivers an event to POST /v1/webhooks/paypal with PayPal's transmission headers. */
    deliver: (app: FastifyInstance, webhookEvent: Json, options: { tamper?: boolean } = {}) => {
      const payload = JSON.stringify(webhookEvent);
      const id = randomUUID();
      const time = new Date().toISOString();
      const signature = signed(id, time, options.tamper ? `${payload} ` : payload);
      return app.inject({
        method: 'POST',
        url: '/v1/webhooks/paypal',
        headers: {
          'content-type': 'application/json',
          'paypal-auth-algo': 'SHA256withRSA',
          'paypal-cert-url': CERT_URL,
          'paypal-transmission-id': id,
          'paypal-transmission-sig': signature,
          'paypal-transmission-time': time,
        },
        payload,
      });
    },
  };
}

export type PaypalFake = Awaited<ReturnType<typeof startPaypalFake>>;
