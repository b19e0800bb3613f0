import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { parseForm, startHttpFake, type FakeAnswer, type FakeRequest } from './http-fake.ts';
import { createAccountsFake } from './stripe-accounts-fake.ts';
import { createIdempotency, signStripePayload, stripeError, type Emit, type Json, type StripeRouteModule } from './stripe-core-fake.ts';
import { createEventsFake } from './stripe-events-fake.ts';
import { createPaymentsFake } from './stripe-payments-fake.ts';
import { createTreasuryFake } from './stripe-treasury-fake.ts';
import { guardRoute } from './openapi-guard.ts';
import { createStripeCheck } from './stripe-schema/check.ts';

export const STRIPE_FAKE_KEY = 'sk_test_crewpay_fake';
const STRIPE_FAKE_WEBHOOK_SECRET = 'whsec_crewpay_fake';
/** The Connect endpoint's own secret: events of connected accounts (Treasury) are signed with it. */
const STRIPE_FAKE_CONNECT_WEBHOOK_SECRET = 'whsec_crewpay_connect_fake';
/** The platform account the fake's key belongs to. */
const STRIPE_FAKE_PLATFORM_ACCOUNT = 'acct_crewpay_platform_fake';

/**
 * Stripe's API as far as Crewpay uses it, on a local port: bearer auth, documented error bodies,
 * idempotency keys (a repeat answers the first answer, Idempotent-Replayed; other parameters under
 * a used key are a 400 idempotency_error), and one route module per family of endpoints
 * (`modules`: connected accounts, Treasury, payments (stripe-payments-fake.ts), events and webhook endpoints; another
 * module is added by pushing it there). Every request and answer is checked against the schemas
 * generated from the official `stripe` package's types (stripe-schema/: a parameter Stripe does
 * not know is refused with parameter_unknown, a missing one with parameter_missing), and a test
 * fails on an exchange the real Stripe would not have (openapi-guard.ts). The events Stripe would send are kept: a test takes them
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
  const payments = createPaymentsFake({
    error: stripeError,
    emit,
    accounts: {
      exists: accounts.exists,
      feesPayerOf: accounts.feesPayerOf,
      payoutScheduleOf: accounts.payoutScheduleOf,
      capabilityOf: accounts.capabilityOf,
      deposit: treasury.depositPayout,
    },
  });
  const modules: StripeRouteModule[] = [accounts.module, treasury.module, payments.module, events.module];

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
    for (const module of modules) {
      const answer = module.get?.(request, account);
      if (answer) return answer;
    }
    return stripeError(404, { type: 'invalid_request_error', code: 'resource_missing', message: 'No such object' });
  }

  function del(request: FakeRequest, account: string | undefined): FakeAnswer {
    for (const module of modules) {
      const answer = module.delete?.(request, account);
      if (answer) return answer;
    }
    return notFound(request);
  }

  function fakeRoute(request: FakeRequest): FakeAnswer {
    if (request.path === '/_fake/state')
      return { status: 200, body: Object.fromEntries(modules.map((module) => [module.name, module.state?.() ?? {}])) };
    const token = /^\/_fake\/account_links\/([0-9a-f]+)$/.exec(request.path)?.[1];
    if (token && request.method === 'POST')
      return accounts.submitDocument(token) ? { status: 200, body: { submitted: true } } : { status: 404, body: { submitted: false } };
    return { status: 404, body: { error: 'unknown fake route' } };
  }

  /**
   * Faults after the work (faultAfterWork): the next POST to a matching path does its work, then
   * answers a 500 that its idempotency key keeps and replays (as Stripe does), or the connection
   * drops before the answer (the key keeps the real answer: a retry gets it); or (failed_500) it
   * does nothing and answers a 500 the key keeps.
   */
  type Fault = 'saved_500' | 'drop' | 'failed_500';
  const afterWork: { path: RegExp; fault: Fault; when?: (params: Json) => boolean }[] = [];
  function faulted(request: FakeRequest, account: string | undefined, key: string | undefined): FakeAnswer | null {
    const index = afterWork.findIndex((entry) => entry.path.test(request.path) && (!entry.when || entry.when(parseForm(request.body))));
    if (index < 0 || !key) return null;
    const { fault } = afterWork.splice(index, 1)[0]!;
    // Stripe broke down before doing anything, and keeps that 500 for the key too.
    if (fault === 'failed_500')
      return idempotency.run(request, account, key, () => stripeError(500, { type: 'api_error', message: 'An unknown error occurred' }));
    if (fault === 'drop') return { ...idempotency.run(request, account, key, () => post(request, account)), dropConnection: true };
    return idempotency.run(request, account, key, () => {
      post(request, account);
      return stripeError(500, { type: 'api_error', message: 'An unknown error occurred' });
    });
  }

  function route(request: FakeRequest): FakeAnswer {
    if (request.path.startsWith('/_fake/')) return fakeRoute(request);
    if (request.headers.authorization !== `Bearer ${STRIPE_FAKE_KEY}`)
      return stripeError(401, { type: 'invalid_request_error', message: 'Invalid API Key provided' });
    const account = accountOf(request);
    if (request.method === 'DELETE') return del(request, account);
    if (request.method !== 'POST') return get(request, account);
    const key = request.headers['idempotency-key'];
    const fault = faulted(request, account, typeof key === 'string' ? key : undefined);
    if (fault) return fault;
    return typeof key === 'string' ? idempotency.run(request, account, key, () => post(request, account)) : post(request, account);
  }

  // Every request and answer is checked against the schemas generated from the stripe package's types (stripe-schema/).
  const check = createStripeCheck();
  const guard = await guardRoute(check, route, {
    name: 'Stripe',
    refuse: check.refusal,
    isOwn: (request) => request.path.startsWith('/_fake/'),
  });
  const fake = await startHttpFake(guard.route, options);
  baseUrl = fake.url;
  return {
    ...fake,
    modules,
    treasury,
    payments,
    accounts,
    events,
    idempotency,
    /** What the checks against Stripe's description found, taken (a test that sends a refused request on purpose reads them). */
    takeProblems: guard.takeProblems,
    /**
     * The next POST (with an idempotency key) to a matching path (and whose parameters `when`
     * accepts) does its work, then answers a saved 500 or drops the connection.
     */
    faultAfterWork: (path: RegExp, fault: Fault, when?: (params: Json) => boolean) => afterWork.push({ path, fault, when }),
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
