import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { parseForm, startHttpFake, type FakeAnswer, type FakeRequest } from './http-fake.ts';
import { createAccountsFake } from './stripe-accounts-fake.ts';
import {
  createIdempotency,
  id,
  now,
  signStripePayload,
  stripeError,
  type Emit,
  type Json,
  type StripeRouteModule,
} from './stripe-core-fake.ts';
import { createEventsFake } from './stripe-events-fake.ts';
import { createTreasuryFake } from './stripe-treasury-fake.ts';

export const STRIPE_FAKE_KEY = 'sk_test_crewpay_fake';
export const STRIPE_FAKE_WEBHOOK_SECRET = 'whsec_crewpay_fake';
/** The Connect endpoint's own secret: events of connected accounts (Treasury) are signed with it. */
export const STRIPE_FAKE_CONNECT_WEBHOOK_SECRET = 'whsec_crewpay_connect_fake';
/** The platform account the fake's key belongs to. */
export const STRIPE_FAKE_PLATFORM_ACCOUNT = 'acct_crewpay_platform_fake';

/** Stripe's documented test PaymentMethods: brand, last 4 and what a charge does. */
const TEST_CARDS: Record<string, { brand: string; last4: string; outcome: 'succeed' | 'decline' | 'dispute'; decline_code?: string }> = {
  pm_card_visa: { brand: 'visa', last4: '4242', outcome: 'succeed' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444', outcome: 'succeed' },
  pm_card_chargeDeclined: { brand: 'visa', last4: '0002', outcome: 'decline', decline_code: 'generic_decline' },
  pm_card_chargeDeclinedInsufficientFunds: { brand: 'visa', last4: '9995', outcome: 'decline', decline_code: 'insufficient_funds' },
  pm_card_createDispute: { brand: 'visa', last4: '0259', outcome: 'dispute' },
};
/**
 * Stripe's ACH Direct Debit test bank accounts (routing 110000000): the debit fails with its code
 * (000111111113 is account_closed), or, 000555555559, succeeds and is then disputed (an ACH return).
 */
const TEST_BANK_ACCOUNTS: Record<string, { outcome: 'fail' | 'return'; code: string }> = {
  '000111111116': { outcome: 'fail', code: 'no_account' },
  '000111111113': { outcome: 'fail', code: 'account_closed' },
  '000222222227': { outcome: 'fail', code: 'insufficient_funds' },
  '000333333335': { outcome: 'fail', code: 'debit_not_authorized' },
  '000555555559': { outcome: 'return', code: 'debit_not_authorized' },
};

/**
 * Invoice payments: PaymentMethods and PaymentIntents (card and us_bank_account, confirmed on
 * create) on the platform, with the events they cause. (The invoice payments work replaces this
 * module with its own file.)
 */
function createPaymentsModule(event: Emit): StripeRouteModule {
  const intents = new Map<string, Json>();

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

  return {
    name: 'payments',
    post(request, params) {
      return request.path === '/v1/payment_intents' ? createIntent(params) : null;
    },
    get(request) {
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
      return null;
    },
    state: () => ({
      payment_intents: [...intents.values()].map((intent) => ({ id: intent.id, amount: intent.amount, status: intent.status })),
    }),
  };
}

/**
 * Stripe's API as far as Crewpay uses it, on a local port: bearer auth, documented error bodies,
 * idempotency keys (a repeat answers the first answer, Idempotent-Replayed; other parameters under
 * a used key are a 400 idempotency_error), and one route module per family of endpoints
 * (`modules`: connected accounts, Treasury, payments, events and webhook endpoints; another
 * module is added by pushing it there). The events Stripe would send are kept: a test takes them
 * and delivers them signed (in order, twice, or reordered); standalone (`npm run fakes`) they are
 * posted to the registered webhook endpoints. GET /_fake/state answers what the fake holds.
 */
export async function startStripeFake(options: { port?: number } = {}) {
  const events = createEventsFake({ apiVersion: Stripe.API_VERSION });
  const emit: Emit = events.emit;
  const idempotency = createIdempotency();
  let baseUrl = '';
  // The account's treasury capability turning active opens its financial accounts' features.
  let onTreasuryActive = (_account: string) => {};
  const accounts = createAccountsFake(emit, { baseUrl: () => baseUrl, onActive: (account) => onTreasuryActive(account) });
  const treasury = createTreasuryFake(emit, accounts);
  onTreasuryActive = treasury.activateAccount;
  const modules: StripeRouteModule[] = [accounts.module, treasury.module, createPaymentsModule(emit), events.module];

  const accountOf = (request: FakeRequest) => {
    const header = request.headers['stripe-account'];
    return typeof header === 'string' ? header : undefined;
  };
  const notFound = (request: FakeRequest) =>
    stripeError(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${request.method}: ${request.path})` });

  function post(request: FakeRequest, account: string | undefined): FakeAnswer {
    const params = parseForm(request.body);
    for (const module of modules) {
      const answer = module.post?.(request, params, account);
      if (answer) return answer;
    }
    return notFound(request);
  }

  function get(request: FakeRequest, account: string | undefined): FakeAnswer {
    if (request.path === '/v1/account')
      return { status: 200, body: { id: STRIPE_FAKE_PLATFORM_ACCOUNT, object: 'account', country: 'US', charges_enabled: true } };
    if (request.path === '/v1/balance')
      return {
        status: 200,
        body: {
          object: 'balance',
          livemode: false,
          available: [{ amount: 0, currency: 'usd' }],
          pending: [{ amount: 0, currency: 'usd' }],
        },
      };
    for (const module of modules) {
      const answer = module.get?.(request, account);
      if (answer) return answer;
    }
    return stripeError(404, { type: 'invalid_request_error', code: 'resource_missing', message: 'No such object' });
  }

  function fakeRoute(request: FakeRequest): FakeAnswer {
    if (request.path === '/_fake/state')
      return { status: 200, body: Object.fromEntries(modules.map((module) => [module.name, module.state?.() ?? {}])) };
    const token = /^\/_fake\/account_links\/([0-9a-f]+)$/.exec(request.path)?.[1];
    if (token && request.method === 'POST')
      return accounts.submitDocument(token) ? { status: 200, body: { submitted: true } } : { status: 404, body: { submitted: false } };
    return { status: 404, body: { error: 'unknown fake route' } };
  }

  function route(request: FakeRequest): FakeAnswer {
    if (request.path.startsWith('/_fake/')) return fakeRoute(request);
    if (request.headers.authorization !== `Bearer ${STRIPE_FAKE_KEY}`)
      return stripeError(401, { type: 'invalid_request_error', message: 'Invalid API Key provided' });
    const account = accountOf(request);
    if (request.method !== 'POST') return get(request, account);
    const key = request.headers['idempotency-key'];
    return typeof key === 'string' ? idempotency.run(request, account, key, () => post(request, account)) : post(request, account);
  }

  const fake = await startHttpFake(route, options);
  baseUrl = fake.url;
  return {
    ...fake,
    modules,
    treasury,
    accounts,
    events,
    idempotency,
    settings: {
      STRIPE_SECRET_KEY: STRIPE_FAKE_KEY,
      STRIPE_WEBHOOK_SECRET: STRIPE_FAKE_WEBHOOK_SECRET,
      STRIPE_CONNECT_WEBHOOK_SECRET: STRIPE_FAKE_CONNECT_WEBHOOK_SECRET,
      STRIPE_PLATFORM_FINANCIAL_ACCOUNT: treasury.platformFinancialAccount,
      STRIPE_API_BASE: fake.url,
    },
    /** The events Stripe would send since the last call, oldest first. */
    takeEvents: events.takeEvents,
    /**
     * Delivers events to POST /v1/webhooks/stripe, signed as Stripe signs them: with the Connect
     * endpoint's secret when the event happened on a connected account, else the account endpoint's.
     */
    deliver: async (app: FastifyInstance, event: Json, options: { secret?: string; timestamp?: number } = {}) => {
      const payload = JSON.stringify(event);
      const secret = options.secret ?? (event.account ? STRIPE_FAKE_CONNECT_WEBHOOK_SECRET : STRIPE_FAKE_WEBHOOK_SECRET);
      return app.inject({
        method: 'POST',
        url: '/v1/webhooks/stripe',
        headers: { 'content-type': 'application/json', 'stripe-signature': signStripePayload(payload, secret, options.timestamp) },
        payload,
      });
    },
  };
}

export type StripeFake = Awaited<ReturnType<typeof startStripeFake>>;
