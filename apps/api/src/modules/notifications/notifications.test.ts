import { beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { createOwner } from '../../../test/fixtures.ts';
import { notify } from './service.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

describe('GET /v1/notifications and PUT /v1/notifications/{id}', () => {
  it("lists the organisation's notifications newest first and dismisses one", async () => {
    const owner = await createOwner(ctx.app);
    await notify(ctx.deps.db, { org_id: owner.org.id, text: 'First', link: '/creators' });
    await notify(ctx.deps.db, { org_id: owner.org.id, user_id: owner.user.id, text: 'Second' });
    const list = await ctx.app.inject({ method: 'GET', url: '/v1/notifications', headers: owner.headers });
    expect(list.json().map((item: { text: string }) => item.text)).toEqual(['Second', 'First']);
    const [newest] = list.json();
    const dismissed = await ctx.app.inject({ method: 'PUT', url: `/v1/notifications/${newest.id}`, headers: owner.headers });
    expect(dismissed.json()).toMatchObject({ id: newest.id, dismissed: true });
  });

  it("neither shows nor dismisses another organisation's notification", async () => {
    const owner = await createOwner(ctx.app);
    const stranger = await createOwner(ctx.app);
    await notify(ctx.deps.db, { org_id: owner.org.id, text: 'Private' });
    const [mine] = (await ctx.app.inject({ method: 'GET', url: '/v1/notifications', headers: owner.headers })).json();
    const theirList = await ctx.app.inject({ method: 'GET', url: '/v1/notifications', headers: stranger.headers });
    expect(theirList.json()).toEqual([]);
    const theirDismiss = await ctx.app.inject({ method: 'PUT', url: `/v1/notifications/${mine.id}`, headers: stranger.headers });
    expect(theirDismiss.statusCode).toBe(404);
  });

  it('refuses a malformed id and a missing session', async () => {
    const owner = await createOwner(ctx.app);
    expect((await ctx.app.inject({ method: 'PUT', url: '/v1/notifications/not-a-uuid', headers: owner.headers })).statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'GET', url: '/v1/notifications' })).statusCode).toBe(401);
  });
});
