import type pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { createOwner } from '../../test/fixtures.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

describe('a request while every database connection stays busy', () => {
  it("answers 503 with Retry-After after the pool's checkout timeout, not 500", async () => {
    const owner = await createOwner(ctx.app);
    // Every connection of the app's pool (10) held, as on a saturated host with requests queued.
    const held: pg.PoolClient[] = [];
    // This file's own pool gives up after 1 s rather than the 10 s it is opened with: the answer
    // after the timeout is what is tested, not the timeout's length.
    (ctx.database.pool as unknown as { options: { connectionTimeoutMillis: number } }).options.connectionTimeoutMillis = 1_000;
    for (let index = 0; index < 10; index += 1) held.push(await ctx.database.pool.connect());
    try {
      const response = await ctx.app.inject({ method: 'GET', url: '/v1/creators', headers: owner.headers });
      expect(response.statusCode, response.body).toBe(503);
      expect(response.headers['retry-after']).toBe('1');
      expect(response.json()).toMatchObject({ code: 'unavailable' });
    } finally {
      for (const client of held) client.release();
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/v1/creators', headers: owner.headers })).statusCode).toBe(200);
  }, 30_000);
});
