import type { FastifyInstance } from 'fastify';
import { startHttpFake, type FakeAnswer, type FakeRequest } from './http-fake.ts';
import { createAccounts } from './paypal/accounts.ts';
import { PAYPAL_FAKE_PARTNER, createAuth, type Caller } from './paypal/auth.ts';
import { createPaypalChecks } from './paypal/checks.ts';
import { paypalError } from './paypal/money.ts';
import { daysMs } from './paypal/outcomes.ts';
import { createPayouts } from './paypal/payouts.ts';
import { createWebhooks } from './paypal/webhooks.ts';

export { PAYPAL_FAKE_PARTNER } from './paypal/auth.ts';
export { CANCELED_BATCH_RECEIVER, DENIED_BATCH_RECEIVER, UNCLAIMED_RETURN_DAYS } from './paypal/outcomes.ts';
export { OPENING_BALANCE, PARTNER_BALANCE } from './paypal/accounts.ts';

type Json = Record<string, unknown>;

/**
 * PayPal's REST API as Crewpay uses it, on a local port: OAuth client credentials, Partner
 * Referrals and Merchant Integrations (an organisation connects its own business account and
 * grants Crewpay, the partner, the PAYOUTS permission), third-party calls with PayPal-Auth-
 * Assertion, Payouts paid from the caller's own balance, the reporting balances, and webhooks
 * signed and checked by verify-webhook-signature. Every request and answer of a described
 * operation is checked against PayPal's official descriptions (fakes/openapi/paypal-*.json): a
 * request that breaks one is refused with the problems, and every problem is kept in `problems`,
 * which a test expects empty. Standalone (`webhookUrl` given), it processes batches every half
 * second and delivers its webhooks there over HTTP, as PayPal does to a registered webhook.
 */
export async function startPaypalFake(options: { port?: number; webhookUrl?: string } = {}) {
  let baseUrl = '';
  const fake = buildFake(() => baseUrl);
  const server = await startHttpFake((request) => fake.route(request), { port: options.port });
  baseUrl = server.url;
  const delivery = options.webhookUrl ? startDelivery(fake, options.webhookUrl) : null;
  return {
    ...server,
    ...fake.controls,
    close: async () => {
      if (delivery) clearInterval(delivery);
      await server.close();
    },
    settings: {
      PAYPAL_CLIENT_ID: PAYPAL_FAKE_PARTNER.clientId,
      PAYPAL_CLIENT_SECRET: PAYPAL_FAKE_PARTNER.clientSecret,
      PAYPAL_WEBHOOK_ID: PAYPAL_FAKE_PARTNER.webhookId,
      PAYPAL_PARTNER_MERCHANT_ID: PAYPAL_FAKE_PARTNER.merchantId,
      PAYPAL_PARTNER_ATTRIBUTION_ID: PAYPAL_FAKE_PARTNER.attributionId,
      PAYPAL_API_BASE: server.url,
    },
    /** Delivers an event to POST /v1/webhooks/paypal with PayPal's transmission headers (in a test, through app.inject). */
    deliver: (app: FastifyInstance, event: Json, deliverOptions: { tamper?: boolean } = {}) => {
      const { headers, payload } = fake.webhooks.transmit(event, deliverOptions.tamper);
      return app.inject({ method: 'POST', url: '/v1/webhooks/paypal', headers, payload });
    },
  };
}

export type PaypalFake = Awaited<ReturnType<typeof startPaypalFake>>;

function buildFake(baseUrl: () => string) {
  let clockOffsetMs = 0;
  const now = () => Date.now() + clockOffsetMs;
  const accounts = createAccounts({ baseUrl });
  const webhooks = createWebhooks({ now });
  const payouts = createPayouts({ accounts: accounts.accounts, now, emit: webhooks.emit, baseUrl });
  const auth = createAuth({ consented: (merchantId) => accounts.accounts.get(merchantId)?.features !== null });
  const checks = createPaypalChecks();

  /** Third-party calls need the feature the merchant granted; the partner's own calls need nothing more. */
  const allowed = (caller: Caller, feature: string) => !caller.onBehalf || accounts.granted(caller.acting, feature);
  const denied = () => paypalError(403, 'NOT_AUTHORIZED', 'Authorization failed due to insufficient permissions.');

  function api(request: FakeRequest): FakeAnswer {
    const caller = auth.callerOf(request);
    if ('status' in caller) return caller;
    const { method, path } = request;
    if (method === 'POST' && path === '/v1/payments/payouts')
      return allowed(caller, 'PAYOUTS') ? payouts.create(request, caller) : denied();
    const batch = /^\/v1\/payments\/payouts\/([^/]+)$/.exec(path);
    if (method === 'GET' && batch)
      return allowed(caller, 'PAYOUTS') ? payouts.show(request, caller, decodeURIComponent(batch[1]!)) : denied();
    if (method === 'GET' && path === '/v1/reporting/balances')
      return allowed(caller, 'ADVANCED_TRANSACTIONS_SEARCH') ? accounts.balances(caller) : denied();
    if (caller.onBehalf) return denied();
    if (method === 'POST' && path === '/v2/customer/partner-referrals') return accounts.createReferral(JSON.parse(request.body) as Json);
    const integrations = /^\/v1\/customer\/partners\/([^/]+)\/merchant-integrations(?:\/([^/]+))?$/.exec(path);
    if (method === 'GET' && integrations) return accounts.merchantIntegrations(request, integrations[1]!, integrations[2]);
    if (method === 'POST' && path === '/v1/notifications/verify-webhook-signature') return webhooks.verify(request);
    return paypalError(404, 'RESOURCE_NOT_FOUND', 'The specified resource does not exist.');
  }

  function route(request: FakeRequest): FakeAnswer {
    if (request.path === '/_fake/state') return { status: 200, body: state() };
    if (request.path === '/_fake/advance' && request.method === 'POST') {
      clockOffsetMs += daysMs(Number(request.query.get('days') ?? 0));
      payouts.process();
      return { status: 200, body: state() };
    }
    if (request.path === '/bizsignup/partner/entry') return accounts.onboarding(request);
    if (request.method === 'POST' && request.path === '/v1/oauth2/token') return auth.issueToken(request);
    const refused = checks.request(request);
    if (refused) return refused;
    return checks.answer(request, api(request));
  }

  function state() {
    const partner = accounts.accounts.get(PAYPAL_FAKE_PARTNER.merchantId)!;
    return {
      now: new Date(now()).toISOString(),
      partner: { merchant_id: partner.merchant_id, balance: partner.balance },
      merchants: [...accounts.accounts.values()]
        .filter((account) => account.merchant_id !== partner.merchant_id)
        .map(({ merchant_id, email, balance, features, tracking_id }) => ({ merchant_id, email, balance, features, tracking_id })),
      batches: [...payouts.batches.values()].map((entry) => ({
        payout_batch_id: entry.header.payout_batch_id,
        sender: entry.sender,
        batch_status: entry.header.batch_status,
        items: entry.items.map((item) => ({
          payout_item_id: item.payout_item_id,
          receiver: item.payout_item.receiver,
          amount: item.amount,
          transaction_status: item.transaction_status,
        })),
      })),
      problems: checks.problems,
    };
  }

  const controls = {
    /** Every request or answer that broke PayPal's official description (a test expects none but its own). */
    problems: checks.problems,
    state,
    /** PayPal processes the batches it accepted and reaches the statuses due; the events it would send. */
    takeEvents: () => {
      payouts.process();
      return webhooks.takeEvents();
    },
    /** The fake's clock moves on (PayPal's 30 days before an unclaimed payout goes back to its sender). */
    advanceDays: (days: number) => {
      clockOffsetMs += daysMs(days);
    },
    /** The next batch is made, then its answer is a 500 kept under its PayPal-Request-Id (saved_500) or kept nowhere (lost_500). */
    faultAfterWork: payouts.faultAfterWork,
    /** The next batch shows no items for its first `reads` GETs, as a large batch PayPal is still splitting. */
    listSlowly: payouts.listSlowly,
    /** Forgets every token, as PayPal does when one is revoked before it expires. */
    revokeTokens: auth.revokeTokens,
    /** What PayPal's onboarding pages do when the merchant logs in as `email` and agrees: the return URL it redirects to. */
    consent: (actionUrl: string, email: string) => {
      const outcome = accounts.consent(new URL(actionUrl).searchParams.get('referralToken') ?? '', email);
      if ('error' in outcome) throw new Error(outcome.error);
      return outcome.location;
    },
    /** Sets a merchant's balance (cents), as money it received outside Crewpay would. */
    setBalance: (merchantId: string, cents: number) => {
      accounts.accounts.get(merchantId)!.balance = cents;
    },
    merchantByEmail: (email: string) => accounts.byEmail(email),
    /** The merchant withdraws Crewpay's permissions in its PayPal account: calls on its behalf are refused from now on. */
    revokeConsent: (merchantId: string) => {
      const account = accounts.accounts.get(merchantId)!;
      account.features = null;
      webhooks.emit('MERCHANT.PARTNER-CONSENT.REVOKED', 'partner-consent', {
        merchant_id: merchantId,
        tracking_id: account.tracking_id,
        links: [
          {
            href: `${baseUrl()}/v1/customer/partners/${PAYPAL_FAKE_PARTNER.merchantId}/merchant-integrations/${merchantId}`,
            rel: 'self',
            method: 'GET',
          },
        ],
      });
    },
  };

  return { route, state, controls, webhooks };
}

/** Standalone: batches are processed and events delivered to the webhook URL, signed, every half second. */
function startDelivery(fake: ReturnType<typeof buildFake>, webhookUrl: string) {
  let busy = false;
  return setInterval(() => {
    if (busy) return;
    busy = true;
    void (async () => {
      for (const event of fake.controls.takeEvents()) {
        const { headers, payload } = fake.webhooks.transmit(event);
        await fetch(webhookUrl, { method: 'POST', headers, body: payload }).catch((error: unknown) => {
          console.error(`[paypal-fake] delivering ${String(event.event_type)} to ${webhookUrl} failed: ${String(error)}`);
        });
      }
    })().finally(() => {
      busy = false;
    });
  }, 500);
}
