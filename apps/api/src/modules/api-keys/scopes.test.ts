import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { DEFAULT_API_KEY_SCOPES, apiKeyMessages } from '@crewpay/core';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { addCreator, createOwner, uniqueEmail } from '../../../test/fixtures.ts';
import { createDrafts, fundedOwner, paymentRow } from '../../../test/payment-fixtures.ts';
import { creators, customers, orgApiTokens } from '../../db/schema/index.ts';
import { newId } from '../../lib/ids.ts';
import { hashToken, newSecretToken } from '../../lib/tokens.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, headers: Record<string, string>, payload?: unknown) =>
  ctx.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

async function keyWith(ownerHeaders: Record<string, string>, body?: object) {
  const response = await call('POST', '/v1/org_api_token', ownerHeaders, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ id: string; key: string; scopes: string[] }>();
}

function expectRefused(response: { statusCode: number; json: () => { message: string } }, message: string) {
  expect(response.statusCode).toBe(403);
  expect(response.json().message).toBe(message);
}

describe('POST /v1/org_api_token scopes', () => {
  it('gives read, creators and payments writes by default, and lists each key with its scopes', async () => {
    const owner = await createOwner(ctx.app);
    const plain = await keyWith(owner.headers);
    expect(plain.scopes).toEqual(['read', 'creators:write', 'payments:write']);
    const chosen = await keyWith(owner.headers, { scopes: ['invoices:write', 'read', 'read'] });
    expect(chosen.scopes).toEqual(['read', 'invoices:write']);
    const list = (await call('GET', '/v1/org_api_token', owner.headers)).json<{ id: string; scopes: string[] }[]>();
    expect(list.map((key) => [key.id, key.scopes])).toEqual(
      expect.arrayContaining([
        [plain.id, ['read', 'creators:write', 'payments:write']],
        [chosen.id, ['read', 'invoices:write']],
      ]),
    );
  });

  it('refuses an unknown scope and an empty list', async () => {
    const owner = await createOwner(ctx.app);
    for (const scopes of [['admin'], [], ['read', 'members:write']]) {
      const response = await call('POST', '/v1/org_api_token', owner.headers, { scopes });
      expect(response.statusCode, JSON.stringify(scopes)).toBe(400);
    }
    expect(await ctx.deps.db.$count(orgApiTokens, eq(orgApiTokens.org_id, owner.org.id))).toBe(0);
  });
});

describe('a key is held to its scopes', () => {
  it('a default key reads, adds creators and drafts payments, but never executes, moves money or changes the organisation', async () => {
    const owner = await fundedOwner(ctx.app, 100_000);
    const key = bearer((await keyWith(owner.headers)).key);
    expect((await call('GET', '/v1/creators', key)).statusCode).toBe(200);
    const creator = await addCreator(ctx.app, key);
    const [draft] = await createDrafts(ctx.app, key, [paymentRow(creator.id)]);

    expectRefused(await call('PUT', '/v1/payments/initiate', key, { ids: [draft!.id] }), apiKeyMessages.notForKeys);
    expectRefused(await call('POST', '/v1/treasury/ach', key, {}), apiKeyMessages.notForKeys);
    expectRefused(await call('PUT', '/v1/org', key, { name: 'Renamed' }), apiKeyMessages.notForKeys);
    expectRefused(await call('POST', '/v1/org/owner', key, {}), apiKeyMessages.notForKeys);
    expectRefused(await call('POST', '/api/qb/acctMap', key, {}), apiKeyMessages.notForKeys);
    expectRefused(await call('POST', '/v1/users/loginas', key, { user_id: owner.user.id }), apiKeyMessages.peopleOnly);
    const customer = await call('POST', '/v1/customers', key, { name: 'Acme Brand', email: uniqueEmail('brand') });
    expectRefused(customer, apiKeyMessages.missingScope('customers:write'));
    expect(await ctx.deps.db.$count(customers, eq(customers.org_id, owner.org.id))).toBe(0);
    expect((await call('GET', `/v1/payments/${draft!.id}`, key)).json()).toMatchObject({ status: 'draft' });
  });

  it('a read-only key writes nothing; a customers key adds customers and reads nothing', async () => {
    const owner = await createOwner(ctx.app);
    const reader = bearer((await keyWith(owner.headers, { scopes: ['read'] })).key);
    expect((await call('GET', '/v1/org', reader)).json()).toMatchObject({ id: owner.org.id });
    const refused = await call('POST', '/v1/creators', reader, { email: uniqueEmail('c'), first_name: 'A', last_name: 'B' });
    expectRefused(refused, apiKeyMessages.missingScope('creators:write'));
    expect(await ctx.deps.db.$count(creators, eq(creators.org_id, owner.org.id))).toBe(0);

    const writer = bearer((await keyWith(owner.headers, { scopes: ['customers:write'] })).key);
    const added = await call('POST', '/v1/customers', writer, { name: 'Acme Brand', email: uniqueEmail('brand') });
    expect(added.statusCode, added.body).toBe(200);
    expectRefused(await call('GET', '/v1/customers', writer), apiKeyMessages.missingScope('read'));
  });

  it('a key made before keys had scopes keeps working with the default ones', async () => {
    const owner = await createOwner(ctx.app);
    const key = `cp_sandbox_${newSecretToken()}`;
    // As the row was before the scopes column existed: the migration's column default fills it.
    await ctx.deps.db.execute(
      sql`INSERT INTO org_api_tokens (id, org_id, token_hash, prefix, last4) VALUES (${newId()}, ${owner.org.id}, ${hashToken(key)}, 'cp_sandbox_', ${key.slice(-4)})`,
    );
    const [row] = await ctx.deps.db
      .select()
      .from(orgApiTokens)
      .where(eq(orgApiTokens.token_hash, hashToken(key)));
    expect(row!.scopes).toEqual([...DEFAULT_API_KEY_SCOPES]);
    expect((await call('GET', '/v1/creators', bearer(key))).statusCode).toBe(200);
    expectRefused(await call('POST', '/v1/org_api_token', bearer(key)), apiKeyMessages.peopleOnly);
  });
});
