import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DEFAULT_API_KEY_SCOPES, apiKeyMessages } from '@crewpay/core';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { addCreator, authHeaders, createOwner, uniqueEmail } from '../../../test/fixtures.ts';
import { createCollaborator } from '../../../test/wallet-fixtures.ts';
import { orgApiTokens, users } from '../../db/schema/index.ts';
import { newId } from '../../lib/ids.ts';
import { hashToken } from '../../lib/tokens.ts';
import { startSession } from '../auth/sessions.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

async function createKey(headers: Record<string, string>) {
  const response = await ctx.app.inject({ method: 'POST', url: '/v1/org_api_token', headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ id: string; key: string; prefix: string; last4: string; created_at: string }>();
}

const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

describe('organisation API keys', () => {
  it('shows the key in full once, stores only its SHA-256 and lists it by prefix and last 4', async () => {
    const owner = await createOwner(ctx.app);
    const created = await createKey(owner.headers);
    expect(created.key).toMatch(/^cp_sandbox_[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({ prefix: 'cp_sandbox_', last4: created.key.slice(-4) });

    const [row] = await ctx.deps.db.select().from(orgApiTokens).where(eq(orgApiTokens.id, created.id));
    expect(row!.token_hash).toBe(hashToken(created.key));
    expect(JSON.stringify(row)).not.toContain(created.key);

    const list = await ctx.app.inject({ method: 'GET', url: '/v1/org_api_token', headers: owner.headers });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([
      {
        id: created.id,
        prefix: 'cp_sandbox_',
        last4: created.key.slice(-4),
        created_at: created.created_at,
        scopes: [...DEFAULT_API_KEY_SCOPES],
      },
    ]);
    expect(list.body).not.toContain(created.key);
  });

  it("reaches the organisation's /v1 routes with the owner's rights, and stops at once when revoked", async () => {
    const owner = await createOwner(ctx.app);
    const creator = await addCreator(ctx.app, owner.headers);
    const { id, key } = await createKey(owner.headers);

    const creators = await ctx.app.inject({ method: 'GET', url: '/v1/creators', headers: bearer(key) });
    expect(creators.statusCode, creators.body).toBe(200);
    expect(creators.json().data.map((row: { id: string }) => row.id)).toContain(creator.id);
    const org = await ctx.app.inject({ method: 'GET', url: '/v1/org', headers: bearer(key) });
    expect(org.json()).toMatchObject({ id: owner.org.id });

    const revoke = await ctx.app.inject({ method: 'DELETE', url: `/v1/org_api_token/${id}`, headers: owner.headers });
    expect(revoke.statusCode).toBe(200);
    const after = await ctx.app.inject({ method: 'GET', url: '/v1/creators', headers: bearer(key) });
    expect(after.statusCode).toBe(401);
  });

  it('refuses keys on member management and key management', async () => {
    const owner = await createOwner(ctx.app);
    const { key } = await createKey(owner.headers);
    const attempts = [
      { method: 'POST', url: '/v1/users', payload: { email: uniqueEmail(), role: 'admin' } },
      { method: 'DELETE', url: `/v1/users/${owner.user.id}` },
      { method: 'PUT', url: '/v1/users/password', payload: { password: 'x', new_password: 'y' } },
      { method: 'GET', url: '/v1/org_api_token' },
      { method: 'POST', url: '/v1/org_api_token' },
      { method: 'POST', url: '/v1/webhook_endpoints', payload: { url: 'https://example.com/hook' } },
    ] as const;
    for (const attempt of attempts) {
      const response = await ctx.app.inject({ ...attempt, headers: bearer(key) });
      expect(response.statusCode, `${attempt.method} ${attempt.url}`).toBe(403);
      expect(response.json().message).toBe(apiKeyMessages.peopleOnly);
    }
    expect(await ctx.deps.db.$count(orgApiTokens, eq(orgApiTokens.org_id, owner.org.id))).toBe(1);
  });

  it('refuses unknown or malformed keys', async () => {
    for (const value of ['Bearer cp_sandbox_' + 'A'.repeat(43), 'Bearer nonsense', 'Bearer cp_live_short']) {
      const response = await ctx.app.inject({ method: 'GET', url: '/v1/creators', headers: { authorization: value } });
      expect(response.statusCode).toBe(401);
    }
  });

  it("refuses another organisation's key id, and a malformed id", async () => {
    const owner = await createOwner(ctx.app);
    const other = await createOwner(ctx.app);
    const { id, key } = await createKey(other.headers);
    const response = await ctx.app.inject({ method: 'DELETE', url: `/v1/org_api_token/${id}`, headers: owner.headers });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('API key not found');
    const still = await ctx.app.inject({ method: 'GET', url: '/v1/org', headers: bearer(key) });
    expect(still.json()).toMatchObject({ id: other.org.id });
    const malformed = await ctx.app.inject({ method: 'DELETE', url: '/v1/org_api_token/not-a-uuid', headers: owner.headers });
    expect(malformed.statusCode).toBe(404);
  });

  it('lets owners and admins manage keys, not collaborators or creators', async () => {
    const owner = await createOwner(ctx.app);
    const collaborator = await createCollaborator(ctx.deps, owner.org.id);
    for (const request of [
      { method: 'GET', url: '/v1/org_api_token' },
      { method: 'POST', url: '/v1/org_api_token' },
    ] as const) {
      const response = await ctx.app.inject({ ...request, headers: collaborator.headers });
      expect(response.statusCode).toBe(403);
    }
    const [admin] = await ctx.deps.db
      .insert(users)
      .values({ id: newId(), email: uniqueEmail('admin'), org_id: owner.org.id, role: 'admin' })
      .returning();
    const adminSession = await startSession(ctx.deps.db, admin!, 1);
    await createKey(authHeaders(adminSession.auth_token));

    const [creator] = await ctx.deps.db
      .insert(users)
      .values({ id: newId(), email: uniqueEmail('creator'), org_id: owner.org.id, role: 'creator', is_external: true })
      .returning();
    const creatorSession = await startSession(ctx.deps.db, creator!, 1);
    const refused = await ctx.app.inject({ method: 'POST', url: '/v1/org_api_token', headers: authHeaders(creatorSession.auth_token) });
    expect(refused.statusCode).toBe(403);
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/v1/org_api_token' });
    expect(anonymous.statusCode).toBe(401);
  });
});
