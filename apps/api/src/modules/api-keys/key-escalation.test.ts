import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { apiKeyMessages } from '@crewpay/core';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { createOwner, uniqueEmail, upgradePlan } from '../../../test/fixtures.ts';
import { createCollaborator } from '../../../test/wallet-fixtures.ts';
import { orgApiTokens, users, webhookEndpoints } from '../../db/schema/index.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

type Headers = Record<string, string>;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: object) =>
  ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

/** An owner, a key of theirs, and the key sent with a made-up session token beside it (the trick). */
async function ownerWithKey() {
  const owner = await createOwner(ctx.app);
  const created = await call('POST', '/v1/org_api_token', owner.headers);
  expect(created.statusCode, created.body).toBe(200);
  const { id, key } = created.json<{ id: string; key: string }>();
  return { owner, keyId: id, key, trick: { authorization: `Bearer ${key}`, 'auth-token': 'x' } };
}

const keysOf = (orgId: string) => ctx.deps.db.$count(orgApiTokens, eq(orgApiTokens.org_id, orgId));

function expectTwoCredentialsRefused(response: { statusCode: number; json: () => { message: string } }) {
  expect(response.statusCode).toBe(400);
  expect(response.json().message).toBe(apiKeyMessages.twoCredentials);
}

describe('a key sent with a bogus auth-token (issue 33, finding 1)', () => {
  it('cannot mint a key (POST /v1/org_api_token), so nothing outlives the revoked original', async () => {
    const { owner, keyId, trick } = await ownerWithKey();
    expectTwoCredentialsRefused(await call('POST', '/v1/org_api_token', trick));
    expect(await keysOf(owner.org.id)).toBe(1);
    expect((await call('DELETE', `/v1/org_api_token/${keyId}`, owner.headers)).statusCode).toBe(200);
    expect(await keysOf(owner.org.id)).toBe(0);
  });

  it('cannot invite an admin (POST /v1/users role admin)', async () => {
    const { owner, trick } = await ownerWithKey();
    // Inviting members is a standard plan feature: without it the invitation is refused for another reason.
    await upgradePlan(ctx.app, owner.headers);
    const email = uniqueEmail('intruder');
    expectTwoCredentialsRefused(await call('POST', '/v1/users', trick, { email, role: 'admin' }));
    expect(await ctx.deps.db.$count(users, and(eq(users.org_id, owner.org.id), eq(users.email, email)))).toBe(0);
  });

  it('cannot create a webhook endpoint', async () => {
    const { owner, trick } = await ownerWithKey();
    expectTwoCredentialsRefused(await call('POST', '/v1/webhook_endpoints', trick, { url: 'https://example.com/hook' }));
    expect(await ctx.deps.db.$count(webhookEndpoints, eq(webhookEndpoints.org_id, owner.org.id))).toBe(0);
  });

  it('cannot delete a member', async () => {
    const { owner, trick } = await ownerWithKey();
    const collaborator = await createCollaborator(ctx.deps, owner.org.id);
    expectTwoCredentialsRefused(await call('DELETE', `/v1/users/${collaborator.user.id}`, trick));
    expect(await ctx.deps.db.$count(users, eq(users.id, collaborator.user.id))).toBe(1);
  });

  it('is refused whatever the session token is worth: empty, the owner’s own, or a lower-case bearer', async () => {
    const { owner, key } = await ownerWithKey();
    for (const headers of [
      { authorization: `Bearer ${key}`, 'auth-token': '' },
      { authorization: `Bearer ${key}`, ...owner.headers },
      { authorization: `bearer ${key}`, 'auth-token': 'x' },
      { authorization: 'Bearer not-a-key', ...owner.headers },
    ]) {
      expectTwoCredentialsRefused(await call('GET', '/v1/creators', headers));
    }
  });
});

describe('the credential presented decides', () => {
  it('a session token that matches no session is nobody, never a fallback to anything', async () => {
    const response = await call('GET', '/v1/creators', { 'auth-token': 'x' });
    expect(response.statusCode).toBe(401);
  });

  it('a key alone on people’s business is refused before its body is read', async () => {
    const { owner, key } = await ownerWithKey();
    const collaborator = await createCollaborator(ctx.deps, owner.org.id);
    const bearer = { authorization: `Bearer ${key}` };
    for (const [method, url, payload] of [
      ['POST', '/v1/org_api_token', { scopes: ['read'] }],
      ['POST', '/v1/users', { email: uniqueEmail('intruder'), role: 'admin' }],
      ['POST', '/v1/webhook_endpoints', { url: 'https://example.com/hook' }],
      ['DELETE', `/v1/users/${collaborator.user.id}`, undefined],
      ['POST', '/v1/users/loginas', { user_id: collaborator.user.id }],
      ['POST', '/v1/users', 'not even json'],
    ] as const) {
      const response = await call(method, url, bearer, typeof payload === 'string' ? undefined : payload);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json().message).toBe(apiKeyMessages.peopleOnly);
    }
    expect(await keysOf(owner.org.id)).toBe(1);
    expect(await ctx.deps.db.$count(users, eq(users.id, collaborator.user.id))).toBe(1);
  });
});
