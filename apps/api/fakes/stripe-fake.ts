import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { startHttpFake, type FakeAnswer, type FakeRequest } from './http-fake.ts';
import { createPaymentsFake } from './stripe-payments-fake.ts';
import { createTreasuryFake } from './stripe-treasury-fake.ts';

export const STRIPE_FAKE_KEY = 'sk_test_crewpay_fake';
export const STRIPE_FAKE_WEBHOOK_SECRET = 'whsec_crewpay_fake';
/** The Connect endpoint's own secret: events of connected accounts (Treasury) are signed with it. */
export const STRIPE_FAKE_CONNECT_WEBHOOK_SECRET = 'whsec_crewpay_connect_fake';

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);

type Json = Record<string, unknown>;
const stripeError = (status: number, error: Json): FakeAnswer => ({ status, body: { error }, headers: { 'request-id': id('req') } });

/**
 * Stripe's API as far as Crewpay uses it, on a local port: payments (stripe-payments-fake.ts:
 * PaymentIntents, test PaymentMethods, Financial Connections, refunds, disputes, payouts),
 * idempotency keys (a repeat answers the first
 * answer, Idempotent-Replayed), bearer auth, documented error bodies, Treasury on connected
 * accounts (stripe-treasury-fake.ts), and the events Stripe would send, which the test delivers
 * signed (in order, twice, or reordered).
 */
export async function startStripeFake() {
  const answers = new Map<string, FakeAnswer>();
  const pending: Json[] = [];
  const event = (type: string, object: Json, account?: string) =>
    pending.push({
      id: id('evt'),
      object: 'event',
      api_version: '2026-10-28.endive',
      created: now(),
      type,
      livemode: false,
      pending_webhooks: 1,
      ...(account ? { account } : {}),
      data: { object: structuredClone(object) },
    });
  const treasury = createTreasuryFake(stripeError, event);
  const payments = createPaymentsFake({
    error: stripeError,
    emit: event,
    accounts: {
      exists: (account) => treasury.accountOf(account) !== undefined,
      feesPayerOf: (account) => (treasury.accountOf(account)?.controller as { fees?: { payer?: string } } | undefined)?.fees?.payer,
      deposit: treasury.depositPayout,
    },
  });
  const accountOf = (request: FakeRequest) => {
    const header = request.headers['stripe-account'];
    return typeof header === 'string' ? header : undefined;
  };

  function route(request: FakeRequest): FakeAnswer {
    if (request.headers.authorization !== `Bearer ${STRIPE_FAKE_KEY}`)
      return stripeError(401, { type: 'invalid_request_error', message: 'Invalid API Key provided' });
    const key = request.headers['idempotency-key'];
    if (request.method === 'POST' && typeof key === 'string') {
      const earlier = answers.get(key);
      if (earlier) return { ...earlier, headers: { ...earlier.headers, 'idempotent-replayed': 'true' } };
      const answer = post(request);
      answers.set(key, answer);
      return answer;
    }
    return request.method === 'POST' ? post(request) : get(request);
  }

  function post(request: FakeRequest): FakeAnswer {
    const treasuryAnswer = treasury.post(request, accountOf(request));
    if (treasuryAnswer) return treasuryAnswer;
    const paymentsAnswer = payments.post(request, accountOf(request));
    if (paymentsAnswer) return paymentsAnswer;
    return stripeError(404, { type: 'invalid_request_error', message: `Unrecognized request URL (POST: ${request.path})` });
  }

  function get(request: FakeRequest): FakeAnswer {
    const treasuryAnswer = treasury.get(request, accountOf(request));
    if (treasuryAnswer) return treasuryAnswer;
    const paymentsAnswer = payments.get(request, accountOf(request));
    if (paymentsAnswer) return paymentsAnswer;
    return stripeError(404, { type: 'invalid_request_error', code: 'resource_missing', message: 'No such object' });
  }

  const fake = await startHttpFake(route);
  return {
    ...fake,
    treasury,
    payments,
    settings: {
      STRIPE_SECRET_KEY: STRIPE_FAKE_KEY,
      STRIPE_WEBHOOK_SECRET: STRIPE_FAKE_WEBHOOK_SECRET,
      STRIPE_CONNECT_WEBHOOK_SECRET: STRIPE_FAKE_CONNECT_WEBHOOK_SECRET,
      STRIPE_API_BASE: fake.url,
    },
    /** The events Stripe would send since the last call, oldest first. */
    takeEvents: () => pending.splice(0),
    /**
     * Delivers events to POST /v1/webhooks/stripe, signed as Stripe signs them: with the Connect
     * endpoint's secret when the event happened on a connected account, else the account endpoint's.
     */
    deliver: async (app: FastifyInstance, event: Json, options: { secret?: string; timestamp?: number } = {}) => {
      const payload = JSON.stringify(event);
      const signature = Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: options.secret ?? (event.account ? STRIPE_FAKE_CONNECT_WEBHOOK_SECRET : STRIPE_FAKE_WEBHOOK_SECRET),
        timestamp: options.timestamp,
      });
      return app.inject({
        method: 'POST',
        url: '/v1/webhooks/stripe',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        payload,
      });
    },
  };
}

export type StripeFake = Awaited<ReturnType<typeof startStripeFake>>;
