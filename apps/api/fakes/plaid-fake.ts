import { randomBytes } from 'node:crypto';
import { startHttpFake, type FakeAnswer, type FakeRequest } from './http-fake.ts';

export const PLAID_FAKE = { clientId: 'fake-plaid-client', secret: 'fake-plaid-secret' };

type Account = { account_id: string; name: string; mask: string; account: string; routing: string };
type Item = { accounts: Account[]; access_token: string | null };

const plaidError = (status: number, error_type: string, error_code: string, error_message: string): FakeAnswer => ({
  status,
  body: { error_type, error_code, error_message, display_message: null, request_id: randomBytes(6).toString('hex') },
});

/**
 * Plaid's API on a local port, as its documentation answers: client_id and secret in every JSON
 * body, /link/token/create, /item/public_token/exchange (a public token works once, then
 * INVALID_PUBLIC_TOKEN) and /auth/get (accounts and their ACH numbers). The test plays the
 * payer's part in Link with mintPublicToken, as Plaid's own /sandbox/public_token/create does.
 */
export async function startPlaidFake(options: { port?: number } = {}) {
  const items = new Map<string, Item>();
  const linkTokens: { client_user_id: string; link_token: string }[] = [];

  function route(request: FakeRequest): FakeAnswer {
    const body = JSON.parse(request.body || '{}') as Record<string, unknown>;
    if (body.client_id !== PLAID_FAKE.clientId || body.secret !== PLAID_FAKE.secret)
      return plaidError(400, 'INVALID_INPUT', 'INVALID_API_KEYS', 'invalid client_id or secret provided');
    if (request.path === '/link/token/create') {
      const user = body.user as { client_user_id?: string } | undefined;
      if (!user?.client_user_id)
        return plaidError(400, 'INVALID_REQUEST', 'MISSING_FIELDS', 'the following required fields are missing: user.client_user_id');
      const link_token = `link-production-${randomBytes(16).toString('hex')}`;
      linkTokens.push({ client_user_id: user.client_user_id, link_token });
      return { status: 200, body: { link_token, expiration: new Date(Date.now() + 4 * 3600_000).toISOString(), request_id: 'req' } };
    }
    if (request.path === '/item/public_token/exchange') {
      const item = items.get(String(body.public_token));
      if (!item || item.access_token) return plaidError(400, 'INVALID_INPUT', 'INVALID_PUBLIC_TOKEN', 'provided public token is expired');
      item.access_token = `access-production-${randomBytes(16).toString('hex')}`;
      return { status: 200, body: { access_token: item.access_token, item_id: randomBytes(12).toString('hex'), request_id: 'req' } };
    }
    if (request.path === '/auth/get') {
      const item = [...items.values()].find((candidate) => candidate.access_token && candidate.access_token === body.access_token);
      if (!item) return plaidError(400, 'INVALID_INPUT', 'INVALID_ACCESS_TOKEN', 'provided access token is in an invalid format');
      const wanted = (body.options as { account_ids?: string[] } | undefined)?.account_ids;
      const accounts = item.accounts.filter((account) => !wanted || wanted.includes(account.account_id));
      if (wanted && accounts.length !== wanted.length)
        return plaidError(400, 'INVALID_INPUT', 'INVALID_ACCOUNT_ID', 'one or more of the account IDs is invalid');
      return {
        status: 200,
        body: {
          accounts: accounts.map(({ account_id, name, mask }) => ({ account_id, name, mask, type: 'depository', subtype: 'checking' })),
          numbers: { ach: accounts.map(({ account_id, account, routing }) => ({ account_id, account, routing, wire_routing: null })) },
          request_id: 'req',
        },
      };
    }
    return plaidError(404, 'INVALID_REQUEST', 'NOT_FOUND', 'not found');
  }

  const fake = await startHttpFake(route, options);
  return {
    ...fake,
    settings: { PLAID_CLIENT_ID: PLAID_FAKE.clientId, PLAID_SECRET: PLAID_FAKE.secret, PLAID_API_BASE: fake.url },
    linkTokens,
    /** The payer logs in to their bank in Link: a public token for one checking account with these numbers. */
    mintPublicToken(account: { account: string; routing: string; name?: string }) {
      const public_token = `public-production-${randomBytes(12).toString('hex')}-${randomBytes(4).toString('hex')}`;
      const account_id = randomBytes(18).toString('base64url').replace(/[-_]/g, 'x');
      items.set(public_token, {
        access_token: null,
        accounts: [{ account_id, name: account.name ?? 'Plaid Checking', mask: account.account.slice(-4), ...account }],
      });
      return { public_token, account_id };
    },
  };
}

export type PlaidFake = Awaited<ReturnType<typeof startPlaidFake>>;
