import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { connectCodeMessages } from '@crewpay/core';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { createOwner } from '../../../test/fixtures.ts';
import { createCollaborator } from '../../../test/wallet-fixtures.ts';
import { connectCode } from '../../../test/accounting-fixtures.ts';
import { accountingConnectCodes } from '../../db/schema/index.ts';
import { hashToken } from '../../lib/tokens.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

const openPopup = (query: string) => ctx.app.inject({ method: 'GET', url: `/api/qb/connect?${query}` });
const hasState = (body: string) => /name="state" value="[^"]+"/.test(body);

describe('GET /api/qb/connect', () => {
  it('refuses the session token in the URL (jwt), even a valid owner’s', async () => {
    const owner = await createOwner(ctx.app);
    const page = await openPopup(`jwt=${encodeURIComponent(owner.token)}`);
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain(connectCodeMessages.tokenInUrl);
    expect(hasState(page.body)).toBe(false);
    const both = await openPopup(`jwt=${encodeURIComponent(owner.token)}&code=${await connectCode(ctx.app, owner.token)}`);
    expect(both.statusCode).toBe(400);
  });

  it('opens the consent page once per code: a second look, as from the history, opens nothing', async () => {
    const owner = await createOwner(ctx.app);
    const code = await connectCode(ctx.app, owner.token);
    const first = await openPopup(`code=${encodeURIComponent(code)}`);
    expect(first.statusCode, first.body).toBe(200);
    expect(hasState(first.body)).toBe(true);
    expect(first.headers['referrer-policy']).toBe('no-referrer');
    const again = await openPopup(`code=${encodeURIComponent(code)}`);
    expect(again.statusCode).toBe(401);
    expect(again.body).toContain(connectCodeMessages.expired);
    expect(hasState(again.body)).toBe(false);
  });

  it('refuses a code after its minute, and an unknown one', async () => {
    const owner = await createOwner(ctx.app);
    const code = await connectCode(ctx.app, owner.token);
    await ctx.deps.db
      .update(accountingConnectCodes)
      .set({ expires_at: sql`now() - interval '1 second'` })
      .where(eq(accountingConnectCodes.code_hash, hashToken(code)));
    expect((await openPopup(`code=${encodeURIComponent(code)}`)).statusCode).toBe(401);
    expect((await openPopup('code=made-up')).statusCode).toBe(401);
    expect((await openPopup('')).statusCode).toBe(401);
  });
});

describe('POST /api/qb/connect_code', () => {
  it('answers an owner a code good for 60 seconds, stored only as its hash', async () => {
    const owner = await createOwner(ctx.app);
    const before = Date.now();
    const response = await ctx.app.inject({ method: 'POST', url: '/api/qb/connect_code', headers: owner.headers });
    expect(response.statusCode, response.body).toBe(200);
    const { code, expires_at } = response.json<{ code: string; expires_at: string }>();
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const lifetime = Date.parse(expires_at) - before;
    expect(lifetime).toBeGreaterThan(55_000);
    expect(lifetime).toBeLessThanOrEqual(61_000);
    const rows = await ctx.deps.db.select().from(accountingConnectCodes).where(eq(accountingConnectCodes.org_id, owner.org.id));
    expect(rows.map((row) => row.code_hash)).toEqual([hashToken(code)]);
  });

  it('refuses team members, API keys and the signed-out', async () => {
    const owner = await createOwner(ctx.app);
    const collaborator = await createCollaborator(ctx.deps, owner.org.id);
    const key = (await ctx.app.inject({ method: 'POST', url: '/v1/org_api_token', headers: owner.headers })).json<{ key: string }>().key;
    const byTeammate = await ctx.app.inject({ method: 'POST', url: '/api/qb/connect_code', headers: collaborator.headers });
    expect(byTeammate.statusCode).toBe(403);
    const byKey = await ctx.app.inject({ method: 'POST', url: '/api/qb/connect_code', headers: { authorization: `Bearer ${key}` } });
    expect(byKey.statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/qb/connect_code' })).statusCode).toBe(401);
    expect(await ctx.deps.db.$count(accountingConnectCodes, eq(accountingConnectCodes.org_id, owner.org.id))).toBe(0);
  });
});
