import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { startHttpFake, type FakeAnswer, type FakeRequest } from './http-fake.ts';
import { createBeneficiaries } from './nium/beneficiaries.ts';
import { createRemittances } from './nium/remittances.ts';
import { marketMoves, NIUM_FAKE_CLIENT, niumError } from './nium/state.ts';
import { createWallets } from './nium/wallets.ts';
import { createOpenApiCheck, loadOpenApi } from './openapi-check.ts';
import { guardRoute } from './openapi-guard.ts';

export { NIUM_FAKE_CLIENT } from './nium/state.ts';
export { NIUM_FAKE_MARKERS } from './nium/remittances.ts';

type Json = Record<string, unknown>;
export type NiumWebhook = { kind: 'remitTransaction' | 'transactionCompliance'; headers: Record<string, string>; body: Json };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SCHEMA_OF = { remitTransaction: 'RemitTransactionWebhook', transactionCompliance: 'TransactionComplianceWebhook' } as const;

/**
 * Nium's API as Crewpay uses it, on a local port: a client (clientHashId, x-api-key) whose
 * customers (one per organisation) hold multi-currency wallets funded from the client's prefund,
 * beneficiaries added with each corridor's required fields, payout FX quotes that expire after
 * their lock period, Transfer Money (at a quote's locked rate or the live one) debiting the
 * wallet, and every payment's lifecycle (INITIATED, RFI_REQUESTED/RFI_RESPONDED,
 * COMPLIANCE_COMPLETED, SENT_TO_BANK, PAID, and RETURN or REJECTED, whose money goes back to the
 * wallet) with the webhooks Nium sends (x-request-id and the client's static x-partner-key). Each
 * `process()` (the fake's clock tick, every second standalone) moves every payment one status on;
 * Nium's sandbox simulator endpoint moves one at will. Every request and answer is checked
 * against the transcribed description (fakes/openapi/nium/nium.json), every webhook body too.
 */
export async function startNiumFake(options: { port?: number; webhookUrl?: string } = {}) {
  let clockOffsetMs = 0;
  marketMoves.clear();
  const now = () => Date.now() + clockOffsetMs;
  const check = createOpenApiCheck(loadOpenApi('nium/nium'));
  const webhooks: NiumWebhook[] = [];
  const webhookProblems: string[] = [];
  const emit = (kind: NiumWebhook['kind'], body: Json) => {
    const problems = check.checkSchema(`/components/schemas/${SCHEMA_OF[kind]}`, body);
    if (problems.length > 0) {
      webhookProblems.push(...problems);
      console.error(`Nium fake: a ${kind} webhook breaks the description: ${problems.join('; ')}`);
    }
    const headers = { 'content-type': 'application/json', 'x-request-id': randomUUID(), 'x-partner-key': NIUM_FAKE_CLIENT.partnerKey };
    webhooks.push({ kind, headers, body });
  };
  const wallets = createWallets({ now });
  const beneficiaries = createBeneficiaries();
  const remittances = createRemittances({ now, quotes: wallets.quotes, beneficiaries: beneficiaries.beneficiaries, emit });

  function authProblem(request: FakeRequest): FakeAnswer | null {
    const header = (name: string) => (typeof request.headers[name] === 'string' ? (request.headers[name] as string) : '');
    if (header('x-api-key') !== NIUM_FAKE_CLIENT.apiKey) return niumError(401, 'Unauthorized', ['Invalid x-api-key']);
    if (!UUID.test(header('x-request-id'))) return niumError(400, 'x-request-id must be a 36-character UUID', ['x-request-id']);
    const name = header('x-client-name');
    if (name === '' || name.length > 32) return niumError(400, 'x-client-name is required (up to 32 characters)', ['x-client-name']);
    return null;
  }

  function api(request: FakeRequest): FakeAnswer {
    const refused = authProblem(request);
    if (refused) return refused;
    const { method, path } = request;
    const body = (): Json => (request.body ? (JSON.parse(request.body) as Json) : {});
    const simulation = /^\/api\/v1\/simulations\/transactions\/([^/]+)\/transition$/.exec(path);
    if (method === 'POST' && simulation) return remittances.simulate(decodeURIComponent(simulation[1]!), body());
    const client = /^\/api\/v[12]\/client\/([^/]+)(\/.*)?$/.exec(path);
    if (!client) return niumError(404, 'Not found', ['No such operation']);
    if (client[1] !== NIUM_FAKE_CLIENT.clientHashId)
      return niumError(403, 'Forbidden', [{ code: 'invalid_client_hash_id', description: 'Unknown clientHashId' }]);
    const rest = client[2] ?? '';
    if (method === 'POST' && rest === '/quotes') return wallets.createQuote(body());
    const quote = /^\/quotes\/([^/]+)$/.exec(rest);
    if (method === 'GET' && quote) return wallets.fetchQuote(decodeURIComponent(quote[1]!));
    const scoped = /^\/customer\/([^/]+)(\/.*)?$/.exec(rest);
    const customer = scoped ? wallets.customers.get(scoped[1]!) : undefined;
    if (!scoped || !customer)
      return niumError(400, 'Invalid customer', [{ code: 'invalid_customer_hash_id', description: 'Unknown customerHashId' }]);
    const tail = scoped[2] ?? '';
    if (method === 'GET' && tail === '') return wallets.details(customer);
    if (method === 'POST' && tail === '/beneficiaries') return beneficiaries.add(customer.customerHashId, body());
    const beneficiary = /^\/beneficiaries\/([^/]+)$/.exec(tail);
    if (method === 'GET' && beneficiary) return beneficiaries.show(customer.customerHashId, decodeURIComponent(beneficiary[1]!));
    const wallet = /^\/wallet\/([^/]+)(\/.*)?$/.exec(tail);
    if (!wallet) return niumError(404, 'Not found', ['No such operation']);
    const [, walletHashId = '', action = ''] = wallet;
    if (method === 'GET' && action === '') return wallets.balance(customer, walletHashId);
    if (method === 'POST' && action === '/fund') return wallets.fund(customer, walletHashId, request, body());
    if (method === 'POST' && action === '/remittance') return remittances.transfer(customer, walletHashId, body());
    if (method === 'GET' && action === '/transactions') return remittances.list(customer, walletHashId, request.query);
    const audit = /^\/remittance\/([^/]+)\/audit$/.exec(action);
    if (method === 'GET' && audit) return remittances.audit(customer, walletHashId, decodeURIComponent(audit[1]!));
    const rfi = /^\/transactions\/([^/]+)\/rfi\/upload$/.exec(action);
    if (method === 'POST' && rfi) return remittances.respondRfi(customer, walletHashId, decodeURIComponent(rfi[1]!), body());
    return niumError(404, 'Not found', ['No such operation']);
  }

  function own(request: FakeRequest): FakeAnswer {
    if (request.path === '/_fake/state') return { status: 200, body: state() };
    if (request.method === 'POST' && request.path === '/_fake/process') {
      remittances.process();
      return { status: 200, body: state() };
    }
    if (request.method === 'POST' && request.path === '/_fake/advance') {
      clockOffsetMs += Number(request.query.get('minutes') ?? 0) * 60_000;
      return { status: 200, body: state() };
    }
    return { status: 404, body: { message: 'Not a control of the Nium fake' } };
  }

  const guard = await guardRoute(check, (request) => (request.path.startsWith('/_fake/') ? own(request) : api(request)), {
    name: 'Nium',
    refuse: (problems) => niumError(400, 'Validation failed', problems),
    isOwn: (request) => request.path.startsWith('/_fake/'),
  });
  const server = await startHttpFake(guard.route, { port: options.port });

  function state() {
    return {
      now: new Date(now()).toISOString(),
      customers: [...wallets.customers.values()].map((customer) => ({
        customerHashId: customer.customerHashId,
        walletHashId: customer.walletHashId,
        balances: Object.fromEntries(customer.balances),
      })),
      remittances: [...remittances.remittances.values()].map((entry) => ({
        systemReferenceNumber: entry.systemReferenceNumber,
        externalId: entry.externalId,
        status: entry.status,
        sourceCurrency: entry.sourceCurrency,
        sourceAmount: entry.sourceAmount,
        destinationCurrency: entry.destinationCurrency,
        destinationAmount: entry.destinationAmount,
        exchangeRate: entry.exchangeRate,
        quoteId: entry.quoteId ?? null,
        rfis: entry.rfis.map(({ rfiHashId, rfiStatus }) => ({ rfiHashId, rfiStatus })),
      })),
      pending_webhooks: webhooks.length,
    };
  }

  const delivery = options.webhookUrl ? startDelivery(options.webhookUrl) : null;
  function startDelivery(url: string) {
    let busy = false;
    return setInterval(() => {
      if (busy) return;
      busy = true;
      remittances.process();
      void (async () => {
        for (const webhook of webhooks.splice(0))
          await fetch(url, { method: 'POST', headers: webhook.headers, body: JSON.stringify(webhook.body) }).catch((error: unknown) => {
            console.error(
              `[nium-fake] delivering ${String(webhook.body.template ?? webhook.body.type)} to ${url} failed: ${String(error)}`,
            );
          });
      })().finally(() => {
        busy = false;
      });
    }, 1000);
  }

  return {
    ...server,
    close: async () => {
      if (delivery) clearInterval(delivery);
      await server.close();
    },
    failNext: guard.failNext,
    takeProblems: guard.takeProblems,
    webhookProblems,
    state,
    settings: {
      NIUM_API_BASE: server.url,
      NIUM_API_KEY: NIUM_FAKE_CLIENT.apiKey,
      NIUM_CLIENT_HASH_ID: NIUM_FAKE_CLIENT.clientHashId,
      NIUM_CLIENT_NAME: NIUM_FAKE_CLIENT.clientName,
      NIUM_WEBHOOK_PARTNER_KEY: NIUM_FAKE_CLIENT.partnerKey,
    },
    /** A new customer with a wallet, KYB done, as Nium's onboarding leaves an organisation. */
    addCustomer: (businessName?: string) => {
      const customer = wallets.addCustomer(businessName);
      return { customerHashId: customer.customerHashId, walletHashId: customer.walletHashId };
    },
    /** A customer's balances in minor units, by currency. */
    balances: (customerHashId: string) => Object.fromEntries(wallets.customers.get(customerHashId)?.balances ?? []),
    /** One step of Nium's processing for every payment (a status each), and the webhooks it sent. */
    process: () => {
      remittances.process();
      return webhooks.splice(0);
    },
    /** The webhooks sent and not taken yet. */
    takeWebhooks: () => webhooks.splice(0),
    /** The fake's clock (real time plus what advanceMinutes added). */
    now,
    /** The fake's clock moves on (a quote's lock period runs out). */
    advanceMinutes: (minutes: number) => {
      clockOffsetMs += minutes * 60_000;
    },
    /** The market moves: from now on one US dollar buys `factor` times the sandbox's rate of `currency` (quotes already locked keep theirs). */
    moveMarket: (currency: string, factor: number) => {
      marketMoves.set(currency, factor);
    },
    /** POSTs a webhook to Crewpay's route as Nium sends it (in a test, through app.inject). */
    deliver: (app: FastifyInstance, webhook: NiumWebhook, url = '/v1/webhooks/nium') =>
      app.inject({ method: 'POST', url, headers: webhook.headers, payload: JSON.stringify(webhook.body) }),
  };
}

export type NiumFake = Awaited<ReturnType<typeof startNiumFake>>;
