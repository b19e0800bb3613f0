import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { createOwner } from '../../../test/fixtures.ts';
import { analyticsCaps, purgeOldAnalytics } from './caps.ts';

const send = (ctx: TestContext, payload: unknown, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url: '/v1/analytics_events', payload: payload as object, headers });

/** Every stored row, every column: what an operator (or a leak) would see. */
const storedRows = async (ctx: TestContext) =>
  (await ctx.deps.db.execute(sql`SELECT * FROM analytics_events ORDER BY created_at, id`)).rows as Record<string, unknown>[];

describe('POST /v1/analytics_events with ANALYTICS_ENABLED unset (the default)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });

  it('does not exist, keeps nothing, and /v1/meta tells the browser to send nothing', async () => {
    const response = await send(ctx, { events: [{ name: 'pageview', page: '/signin' }] });
    expect(response.statusCode).toBe(404);
    expect(await storedRows(ctx)).toEqual([]);
    expect((await ctx.app.inject({ method: 'GET', url: '/v1/meta' })).json()).toMatchObject({ analytics: false });
  });
});

describe('POST /v1/analytics_events with ANALYTICS_ENABLED=true', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ ANALYTICS_ENABLED: 'true' });
  });

  it('is announced by /v1/meta', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/v1/meta' })).json()).toMatchObject({ analytics: true });
  });

  it("stores a signed-in person's batch as names and page patterns only: no user, organisation, address or agent", async () => {
    const owner = await createOwner(ctx.app);
    const response = await send(
      ctx,
      {
        events: [
          { name: 'pageview', page: '/creators/:id' },
          { name: 'payments_executed', page: '/payments' },
          // An id-like segment that slipped through the browser's pattern is stored as :id.
          { name: 'pageview', page: '/pay/abcdefghijklmnopqrstuv' },
        ],
      },
      { ...owner.headers, 'x-forwarded-for': '203.0.113.77', 'user-agent': 'Mozilla/5.0 (Jane Doe Laptop)' },
    );
    expect(response.statusCode, response.body).toBe(204);
    const rows = await storedRows(ctx);
    expect(rows.map(({ name, page }) => ({ name, page }))).toEqual([
      { name: 'pageview', page: '/creators/:id' },
      { name: 'payments_executed', page: '/payments' },
      { name: 'pageview', page: '/pay/:id' },
    ]);
    expect(Object.keys(rows[0]!).sort()).toEqual(['created_at', 'id', 'name', 'page']);
    const stored = JSON.stringify(rows);
    for (const personal of ['203.0.113', 'Jane', owner.user.email, owner.user.id, owner.org.id]) expect(stored).not.toContain(personal);
  });

  it('takes a batch from a signed-out page (the sign-in page is a page too)', async () => {
    expect((await send(ctx, { events: [{ name: 'pageview', page: '/signin' }] })).statusCode).toBe(204);
  });

  it('refuses a bad body with a sentence, and keeps none of it', async () => {
    const before = (await storedRows(ctx)).length;
    const refused = async (payload: unknown, message: string) => {
      const response = await send(ctx, payload);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json<{ message: string }>().message).toBe(message);
    };
    await refused({ events: [{ name: 'clicked_everything', page: '/' }] }, 'Unknown event name');
    await refused(
      { events: [{ name: 'pageview', page: '/creators?search=jane@example.com' }] },
      'Page must be a route pattern such as /creators/:id',
    );
    await refused({ events: [{ name: 'pageview', page: `/${'a'.repeat(200)}` }] }, 'Page must be at most 200 characters');
    await refused({ events: [] }, 'Send at least one event');
    await refused({ events: Array.from({ length: 21 }, () => ({ name: 'pageview', page: '/' })) }, 'Send at most 20 events at a time');
    const withEmail = await send(ctx, { events: [{ name: 'signed_in', page: '/signin', email: 'jane@example.com' }] });
    expect(withEmail.statusCode).toBe(400);
    const withUser = await send(ctx, { events: [{ name: 'pageview', page: '/' }], user: 'jane' });
    expect(withUser.statusCode).toBe(400);
    const notJson = await ctx.app.inject({
      method: 'POST',
      url: '/v1/analytics_events',
      headers: { 'content-type': 'application/json' },
      payload: '{no',
    });
    expect(notJson.statusCode).toBe(400);
    expect((await send(ctx, [])).statusCode).toBe(400);
    expect((await storedRows(ctx)).length).toBe(before);
  });

  it('refuses a body over 8 KB', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/v1/analytics_events',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ events: [{ name: 'pageview', page: `/${'a'.repeat(9000)}` }] }),
    });
    expect(response.statusCode).toBe(413);
  });
});

describe('caps on anonymous analytics rows (issue 40, finding 12)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ ANALYTICS_ENABLED: 'true' });
  });
  const batch = { events: Array.from({ length: 20 }, () => ({ name: 'pageview', page: '/signin' })) };
  const count = async () => Number((await ctx.deps.db.execute(sql`SELECT count(*) AS n FROM analytics_events`)).rows[0]!.n);

  it(`keeps at most ${analyticsCaps.perIpPerHour} events an hour from one address, then answers alike and keeps nothing`, async () => {
    for (let index = 0; index < analyticsCaps.perIpPerHour / 20 + 5; index++) {
      expect((await send(ctx, batch, { 'x-forwarded-for': '203.0.113.90' })).statusCode).toBe(204);
    }
    expect(await count()).toBe(analyticsCaps.perIpPerHour);
    expect((await send(ctx, batch, { 'x-forwarded-for': '203.0.113.91' })).statusCode).toBe(204);
    expect(await count()).toBe(analyticsCaps.perIpPerHour + 20);
  });

  it('keeps at most its daily ceiling from everyone together', async () => {
    const before = await count();
    const ceiling = analyticsCaps.perDay;
    try {
      // The day's count so far holds every event above: a ceiling 40 above it leaves room for two batches.
      analyticsCaps.perDay = before + 40;
      for (let index = 0; index < 5; index++) {
        expect((await send(ctx, batch, { 'x-forwarded-for': `198.51.100.${index + 1}` })).statusCode).toBe(204);
      }
      expect(await count()).toBe(before + 40);
    } finally {
      analyticsCaps.perDay = ceiling;
    }
  });

  it(`purges events older than ${analyticsCaps.retentionDays} days`, async () => {
    await ctx.deps.db.execute(
      sql`INSERT INTO analytics_events (id, name, page, created_at) VALUES (gen_random_uuid(), 'pageview', '/old', now() - make_interval(days => ${analyticsCaps.retentionDays + 1}))`,
    );
    const before = await count();
    expect(await purgeOldAnalytics(ctx.deps.db)).toBe(1);
    expect(await count()).toBe(before - 1);
  });
});
