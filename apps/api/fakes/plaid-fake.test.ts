import { describe, expect, it } from 'vitest';
import { PLAID_FAKE, startPlaidFake } from './plaid-fake.ts';

const keys = { client_id: PLAID_FAKE.clientId, secret: PLAID_FAKE.secret };
const post = (base: string, path: string, body: unknown) =>
  fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe("the Plaid fake, checked against Plaid's OpenAPI description", () => {
  it('refuses a request that breaks the description, as Plaid would, and records why', async () => {
    const plaid = await startPlaidFake();
    const refused = await post(plaid.url, '/item/remove', { ...keys, reason_note: 'x'.repeat(600) });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error_type: 'INVALID_REQUEST', error_code: 'INVALID_FIELD' });
    const noLanguage = await post(plaid.url, '/link/token/create', {
      ...keys,
      client_name: 'Crewpay',
      country_codes: ['US'],
      user: { client_user_id: 'u' },
    });
    expect(noLanguage.status).toBe(400);
    expect(plaid.takeProblems()).toEqual([
      expect.stringContaining("body must have required property 'access_token'"),
      expect.stringContaining('body/reason_note must NOT have more than 512 characters'),
      expect.stringContaining("body must have required property 'language'"),
    ]);
  });

  it('removes an item: its access token is dead afterwards, and the state says so', async () => {
    const plaid = await startPlaidFake();
    const { public_token } = plaid.mintPublicToken({ account: '000123456789', routing: '110000000' });
    const { access_token } = (await (await post(plaid.url, '/item/public_token/exchange', { ...keys, public_token })).json()) as {
      access_token: string;
    };
    expect((await post(plaid.url, '/auth/get', { ...keys, access_token })).status).toBe(200);
    expect((await post(plaid.url, '/item/remove', { ...keys, access_token })).status).toBe(200);
    expect((await post(plaid.url, '/auth/get', { ...keys, access_token })).status).toBe(400);
    const state = (await (await fetch(`${plaid.url}/_fake/state`)).json()) as ReturnType<typeof plaid.state>;
    expect(state.items).toEqual([expect.objectContaining({ exchanged: true, removed: true })]);
    expect(plaid.takeProblems()).toEqual([]);
  });
});
