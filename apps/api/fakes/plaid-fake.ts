import { randomBytes } from 'node:crypto';
import { startHttpFake, type FakeAnswer, type FakeRequest } from './http-fake.ts';
import { createOpenApiCheck, loadOpenApi } from './openapi-check.ts';
import { guardRoute } from './openapi-guard.ts';

export const PLAID_FAKE = {
  clientId: 'fake-plaid-client',
  secret: 'fake-plaid-secret',
  /** The one redirect URI on the fake's "Allowed redirect URIs" list (Plaid's dashboard). */
  redirectUri: 'https://crewpay.test/oauth-redirect',
};

type Account = { account_id: string; name: string; mask: string; account: string; routing: string };
type Item = { item_id: string; accounts: Account[]; access_token: string | null; removed: boolean };
type LinkToken = { client_user_id: string; link_token: string; redirect_uri: string | null };

const requestId = () => randomBytes(8).toString('hex');
const plaidError = (status: number, error_type: string, error_code: string, error_message: string): FakeAnswer => ({
  status,
  body: { error_type, error_code, error_message, display_message: null, request_id: requestId() },
});

/** Plaid's rules for redirect_uri (documented with the field): no query, https outside localhost, on the allowed list. */
function redirectProblem(uri: unknown, allowed: readonly string[]): FakeAnswer | null {
  if (uri === undefined) return null;
  const parsed = typeof uri === 'string' && URL.canParse(uri) ? new URL(uri) : null;
  const isLocal = parsed?.hostname === 'localhost' || parsed?.hostname === '127.0.0.1';
  if (!parsed || parsed.search || (parsed.protocol !== 'https:' && !isLocal))
    return plaidError(400, 'INVALID_REQUEST', 'INVALID_FIELD', 'redirect_uri must be an https URI without query parameters');
  if (!allowed.includes(uri as string))
    return plaidError(400, 'INVALID_REQUEST', 'INVALID_FIELD', 'OAuth redirect URI must be configured in the developer dashboard');
  return null;
}

/**
 * Plaid's API on a local port, checked against Plaid's OpenAPI description
 * (fakes/openapi/plaid.json, API version 2020-09-14): client_id and secret in every JSON body,
 * /link/token/create (a redirect_uri for OAuth banks must be https, without a query, and on
 * the allowed list), /item/public_token/exchange (a public token works once, then
 * INVALID_PUBLIC_TOKEN), /auth/get (accounts and their ACH numbers) and /item/remove (the
 * access token is dead afterwards). The test plays the payer's part in Link with
 * mintPublicToken, as Plaid's own /sandbox/public_token/create does. GET /_fake/state shows the
 * items (removed or not) and the link tokens.
 */
export async function startPlaidFake(options: { port?: number; allowedRedirectUris?: string[] } = {}) {
  const items = new Map<string, Item>();
  const linkTokens: LinkToken[] = [];
  const allowed = options.allowedRedirectUris ?? [PLAID_FAKE.redirectUri];
  const itemOf = (accessToken: unknown) =>
    [...items.values()].find((candidate) => candidate.access_token !== null && candidate.access_token === accessToken);

  function linkTokenCreate(body: Record<string, unknown>): FakeAnswer {
    const user = body.user as { client_user_id?: string } | undefined;
    if (!user?.client_user_id)
      return plaidError(400, 'INVALID_REQUEST', 'MISSING_FIELDS', 'the following required fields are missing: user.client_user_id');
    const refused = redirectProblem(body.redirect_uri, allowed);
    if (refused) return refused;
    const link_token = `link-production-${randomBytes(16).toString('hex')}`;
    linkTokens.push({ client_user_id: user.client_user_id, link_token, redirect_uri: (body.redirect_uri as string | undefined) ?? null });
    return { status: 200, body: { link_token, expiration: new Date(Date.now() + 4 * 3600_000).toISOString(), request_id: requestId() } };
  }

  function authGet(body: Record<string, unknown>): FakeAnswer {
    const item = itemOf(body.access_token);
    if (!item || item.removed)
      return plaidError(400, 'INVALID_INPUT', 'INVALID_ACCESS_TOKEN', 'provided access token is in an invalid format');
    const wanted = (body.options as { account_ids?: string[] } | undefined)?.account_ids;
    const accounts = item.accounts.filter((account) => !wanted || wanted.includes(account.account_id));
    if (wanted && accounts.length !== wanted.length)
      return plaidError(400, 'INVALID_INPUT', 'INVALID_ACCOUNT_ID', 'one or more of the account IDs is invalid');
    const balances = { available: 1_000, current: 1_000, limit: null, iso_currency_code: 'USD', unofficial_currency_code: null };
    return {
      status: 200,
      body: {
        accounts: accounts.map(({ account_id, name, mask }) => ({
          account_id,
          balances,
          mask,
          name,
          official_name: null,
          type: 'depository',
          subtype: 'checking',
        })),
        numbers: {
          ach: accounts.map(({ account_id, account, routing }) => ({ account_id, account, routing, wire_routing: null })),
          eft: [],
          international: [],
          bacs: [],
        },
        item: {
          item_id: item.item_id,
          webhook: null,
          error: null,
          available_products: [],
          billed_products: ['auth'],
          consent_expiration_time: null,
          update_type: 'background',
        },
        request_id: requestId(),
      },
    };
  }

  function route(request: FakeRequest): FakeAnswer {
    if (request.method === 'GET' && request.path === '/_fake/state') return { status: 200, body: state() };
    const body = JSON.parse(request.body || '{}') as Record<string, unknown>;
    if (body.client_id !== PLAID_FAKE.clientId || body.secret !== PLAID_FAKE.secret)
      return plaidError(400, 'INVALID_INPUT', 'INVALID_API_KEYS', 'invalid client_id or secret provided');
    if (request.path === '/link/token/create') return linkTokenCreate(body);
    if (request.path === '/item/public_token/exchange') {
      const item = items.get(String(body.public_token));
      if (!item || item.access_token) return plaidError(400, 'INVALID_INPUT', 'INVALID_PUBLIC_TOKEN', 'provided public token is expired');
      item.access_token = `access-production-${randomBytes(16).toString('hex')}`;
      return { status: 200, body: { access_token: item.access_token, item_id: item.item_id, request_id: requestId() } };
    }
    if (request.path === '/auth/get') return authGet(body);
    if (request.path === '/item/remove') {
      const item = itemOf(body.access_token);
      if (!item || item.removed)
        return plaidError(400, 'INVALID_INPUT', 'INVALID_ACCESS_TOKEN', 'provided access token is in an invalid format');
      item.removed = true;
      return { status: 200, body: { request_id: requestId() } };
    }
    return plaidError(404, 'INVALID_REQUEST', 'NOT_FOUND', 'not found');
  }

  const state = () => ({
    items: [...items.values()].map((item) => ({
      item_id: item.item_id,
      exchanged: item.access_token !== null,
      removed: item.removed,
      accounts: item.accounts.map(({ account_id, name, mask }) => ({ account_id, name, mask })),
    })),
    link_tokens: linkTokens.map(({ client_user_id, redirect_uri }) => ({ client_user_id, redirect_uri })),
  });

  const guard = await guardRoute(createOpenApiCheck(loadOpenApi('plaid')), route, {
    name: 'Plaid',
    refuse: (problems) => plaidError(400, 'INVALID_REQUEST', 'INVALID_FIELD', problems.join('; ')),
    isOwn: (request) => request.path.startsWith('/_fake/'),
  });
  const fake = await startHttpFake(guard.route, { port: options.port });
  return {
    ...fake,
    failNext: guard.failNext,
    takeProblems: guard.takeProblems,
    settings: {
      PLAID_CLIENT_ID: PLAID_FAKE.clientId,
      PLAID_SECRET: PLAID_FAKE.secret,
      PLAID_API_BASE: fake.url,
      PLAID_REDIRECT_URI: PLAID_FAKE.redirectUri,
    },
    linkTokens,
    state,
    /** The payer logs in to their bank in Link: a public token for one checking account with these numbers. */
    mintPublicToken(account: { account: string; routing: string; name?: string }) {
      const public_token = `public-production-${randomBytes(12).toString('hex')}-${randomBytes(4).toString('hex')}`;
      const account_id = randomBytes(18).toString('base64url').replace(/[-_]/g, 'x');
      items.set(public_token, {
        item_id: randomBytes(12).toString('hex'),
        access_token: null,
        removed: false,
        accounts: [{ account_id, name: account.name ?? 'Plaid Checking', mask: account.account.slice(-4), ...account }],
      });
      return { public_token, account_id };
    },
  };
}

export type PlaidFake = Awaited<ReturnType<typeof startPlaidFake>>;
