import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { parseForm, startHttpFake, type FakeAnswer, type FakeRequest } from './http-fake.ts';
import { createTreasuryFake } from './stripe-treasury-fake.ts';

export const STRIPE_FAKE_KEY = 'sk_test_crewpay_fake';
export const STRIPE_FAKE_WEBHOOK_SECRET = 'whsec_crewpay_fake';
/** The Connect endpoint's own secret: events of connected accounts (Treasury) are signed with it. */
export const STRIPE_FAKE_CONNECT_WEBHOOK_SECRET = 'whsec_crewpay_connect_fake';

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);

/** Stripe's documented test PaymentMethods: brand, last 4 and what a charge does. */
const TEST_CARDS: Record<string, { brand: string; last4: string; outcome: 'succeed' | 'decline' | 'dispute'; decline_code?: string }> = {
  pm_card_visa: { brand: 'visa', last4: '4242', outcome: 'succeed' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444', outcome: 'succeed' },
  pm_card_chargeDeclined: { brand: 'visa', last4: '0002', outcome: 'decline', decline_code: 'generic_decline' },
  pm_card_chargeDeclinedInsufficientFunds: { brand: 'visa', last4: '9995', outcome: 'decline', decline_code: 'insufficient_funds' },
  pm_card_createDispute: { brand: 'visa', last4: '0259', outcome: 'dispute' },
};
/** Stripe's test bank accounts (routing 110000000): the debit fails, or settles and is returned. */
const TEST_BANK_ACCOUNTS: Record<string, { outcome: 'fail' | 'return'; code: string }> = {
  '000111111116': { outcome: 'fail', code: 'no_account' },
  '000111111113': { outcome: 'return', code: 'account_closed' },
  '000222222227': { outcome: 'fail', code: 'insufficient_funds' },
  '000333333335': { outcome: 'fail', code: 'debit_not_authorized' },
};

type Json = Record<string, unknown>;
const stripeError = (status: number, error: Json): FakeAnswer => ({ status, body: { error }, headers: { 'request-id': id('req') } });

/**
 * Stripe's API as far as Crewpay uses it, on a local port: PaymentMethods, PaymentIntents (card
 * and us_bank_account, confirmed on create), idempotency keys (a repeat answers the first
 * answer, Idempotent-Replayed), bearer auth, documented error bodies, Treasury on connected
 * accounts (stripe-treasury-fake.ts), and the events Stripe would send, which the test delivers
 * signed (in order, twice, or reordered).
 */
export async function startStripeFake() {
  const intents = new Map<string, Json>();
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
  const accountOf = (request: FakeRequest) => {
    const header = request.headers['stripe-account'];
    return typeof header === 'string' ? header : undefined;
  };

  function createIntent(params: Json): FakeAnswer {
    const types = (params.allowed_payment_method_types as string[] | undefined) ?? ['card'];
    const intent: Json = {
      id: id('pi'),
      object: 'payment_intent',
      amount: Number(params.amount),
      currency: params.currency,
      created: now(),
      metadata: params.metadata ?? {},
      payment_method_types: types,
      last_payment_error: null,
      latest_charge: id('ch'),
      status: 'requires_payment_method',
    };
    intents.set(intent.id as string, intent);
    if (types.includes('us_bank_account')) {
      const bank = (params.payment_method_data as { us_bank_account?: { account_number?: string } } | undefined)?.us_bank_account;
      if (!bank?.account_number)
        return stripeError(400, {
          type: 'invalid_request_error',
          code: 'parameter_missing',
          param: 'payment_method_data[us_bank_account][account_number]',
        });
      intent.status = 'processing';
      const outcome = TEST_BANK_ACCOUNTS[bank.account_number];
      if (outcome?.outcome === 'fail') {
        event('payment_intent.payment_failed', {
          ...intent,
          status: 'requires_payment_method',
          last_payment_error: { type: 'invalid_request_error', code: outcome.code },
        });
      } else {
        event('payment_intent.succeeded', { ...intent, status: 'succeeded' });
        if (outcome?.outcome === 'return') event('charge.dispute.created', dispute(intent, 'debit_not_authorized'));
      }
      return { status: 200, body: intent };
    }
    const card = TEST_CARDS[params.payment_method as string];
    if (!card)
      return stripeError(400, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        param: 'payment_method',
        message: 'No such PaymentMethod',
      });
    if (card.outcome === 'decline') {
      const lastError = { type: 'card_error', code: 'card_declined', decline_code: card.decline_code, message: 'Your card was declined.' };
      Object.assign(intent, { last_payment_error: lastError });
      event('payment_intent.payment_failed', intent);
      return stripeError(402, { ...lastError, payment_intent: intent });
    }
    intent.status = 'succeeded';
    event('payment_intent.succeeded', intent);
    if (card.outcome === 'dispute') event('charge.dispute.created', dispute(intent, 'fraudulent'));
    return { status: 200, body: intent };
  }

  const dispute = (intent: Json, reason: string) => ({
    id: id('dp'),
    object: 'dispute',
    amount: intent.amount,
    charge: intent.latest_charge,
    payment_intent: intent.id,
    reason,
    status: 'needs_response',
    metadata: {},
  });

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
    if (request.path === '/v1/payment_intents') return createIntent(parseForm(request.body));
    return stripeError(404, { type: 'invalid_request_error', message: `Unrecognized request URL (POST: ${request.path})` });
  }

  function get(request: FakeRequest): FakeAnswer {
    const treasuryAnswer = treasury.get(request, accountOf(request));
    if (treasuryAnswer) return treasuryAnswer;
    const [, , collection, objectId] = request.path.split('/');
    if (collection === 'payment_methods' && objectId) {
      const card = TEST_CARDS[objectId];
      if (!card)
        return stripeError(404, {
          type: 'invalid_request_error',
          code: 'resource_missing',
          message: `No such PaymentMethod: '${objectId}'`,
        });
      return {
        status: 200,
        body: { id: objectId, object: 'payment_method', type: 'card', card: { brand: card.brand, last4: card.last4 } },
      };
    }
    if (collection === 'payment_intents' && objectId && intents.has(objectId)) return { status: 200, body: intents.get(objectId) };
    return stripeError(404, { type: 'invalid_request_error', code: 'resource_missing', message: 'No such object' });
  }

  const fake = await startHttpFake(route);
  return {
    ...fake,
    treasury,
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
