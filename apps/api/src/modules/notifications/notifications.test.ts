import { beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { createOwner } from '../../../test/fixtures.ts';
import { createMember } from '../../../test/campaign-fixtures.ts';
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
    expect((await ctx.app.inject({ method: 'PUT', url: '/v1/notifications/not-a-uuid', headers: owner.headers })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: '/v1/notifications' })).statusCode).toBe(401);
  });
});

describe('POST /v1/notifications/read_all', () => {
  it("marks every notification the caller sees read, and no other organisation's or member's", async () => {
    const owner = await createOwner(ctx.app);
    const stranger = await createOwner(ctx.app);
    const creator = await createMember(ctx.deps, owner.org.id, 'creator');
    await notify(ctx.deps.db, { org_id: owner.org.id, text: 'Funds arrived' });
    await notify(ctx.deps.db, { org_id: owner.org.id, user_id: owner.user.id, text: 'For the owner' });
    await notify(ctx.deps.db, { org_id: owner.org.id, user_id: creator.user.id, text: 'Your contract is ready' });
    await notify(ctx.deps.db, { org_id: stranger.org.id, text: 'Their news' });
    const list = (headers: Record<string, string>) => ctx.app.inject({ method: 'GET', url: '/v1/notifications', headers });
    const unread = async (headers: Record<string, string>) =>
      (await list(headers)).json().filter((item: { dismissed: boolean }) => !item.dismissed).length as number;

    // A portal creator's "mark all read" reads their own, never the organisation's news.
    const creatorRead = await ctx.app.inject({ method: 'POST', url: '/v1/notifications/read_all', headers: creator.headers });
    expect(creatorRead.json()).toEqual({ count: 1 });
    expect(await unread(owner.headers)).toBe(2);

    const ownerRead = await ctx.app.inject({ method: 'POST', url: '/v1/notifications/read_all', headers: owner.headers });
    expect(ownerRead.statusCode, ownerRead.body).toBe(200);
    expect(ownerRead.json()).toEqual({ count: 2 });
    expect(await unread(owner.headers)).toBe(0);
    expect(await unread(stranger.headers)).toBe(1);
    const again = await ctx.app.inject({ method: 'POST', url: '/v1/notifications/read_all', headers: owner.headers });
    expect(again.json()).toEqual({ count: 0 });
    expect((await ctx.app.inject({ method: 'POST', url: '/v1/notifications/read_all' })).statusCode).toBe(401);
  });
});

describe("each staff member's own read state", () => {
  it("leaves the organisation's news unread for the other members when one reads it", async () => {
    const owner = await createOwner(ctx.app);
    const admin = await createMember(ctx.deps, owner.org.id, 'admin');
    await notify(ctx.deps.db, { org_id: owner.org.id, text: 'Funds arrived' });
    await notify(ctx.deps.db, { org_id: owner.org.id, text: 'Payment failed' });
    const states = async (headers: Record<string, string>) =>
      (await ctx.app.inject({ method: 'GET', url: '/v1/notifications', headers }))
        .json()
        .map((item: { text: string; dismissed: boolean }) => `${item.text}:${item.dismissed}`) as string[];

    const [newest] = (await ctx.app.inject({ method: 'GET', url: '/v1/notifications', headers: owner.headers })).json();
    const dismissed = await ctx.app.inject({ method: 'PUT', url: `/v1/notifications/${newest.id}`, headers: owner.headers });
    expect(dismissed.json()).toMatchObject({ id: newest.id, dismissed: true });
    expect(await states(owner.headers)).toEqual(['Payment failed:true', 'Funds arrived:false']);
    expect(await states(admin.headers)).toEqual(['Payment failed:false', 'Funds arrived:false']);

    const adminRead = await ctx.app.inject({ method: 'POST', url: '/v1/notifications/read_all', headers: admin.headers });
    expect(adminRead.json()).toEqual({ count: 2 });
    expect(await states(admin.headers)).toEqual(['Payment failed:true', 'Funds arrived:true']);
    expect(await states(owner.headers)).toEqual(['Payment failed:true', 'Funds arrived:false']);
    // Dismissing again is harmless and still answers the dismissed record.
    const twice = await ctx.app.inject({ method: 'PUT', url: `/v1/notifications/${newest.id}`, headers: owner.headers });
    expect(twice.json()).toMatchObject({ id: newest.id, dismissed: true });
  });
});

describe('roles', () => {
  it('shows organisation-wide news to every staff role and only their own to a portal creator', async () => {
    const owner = await createOwner(ctx.app);
    await notify(ctx.deps.db, { org_id: owner.org.id, text: 'Funds arrived' });
    for (const role of ['admin', 'collaborator'] as const) {
      const member = await createMember(ctx.deps, owner.org.id, role);
      const list = await ctx.app.inject({ method: 'GET', url: '/v1/notifications', headers: member.headers });
      expect(list.json().map((item: { text: string }) => item.text)).toEqual(['Funds arrived']);
    }
    const creator = await createMember(ctx.deps, owner.org.id, 'creator');
    await notify(ctx.deps.db, { org_id: owner.org.id, user_id: creator.user.id, text: 'Your contract is ready' });
    const [orgWide] = (await ctx.app.inject({ method: 'GET', url: '/v1/notifications', headers: owner.headers })).json();
    const theirs = await ctx.app.inject({ method: 'GET', url: '/v1/notifications', headers: creator.headers });
    expect(theirs.json().map((item: { text: string }) => item.text)).toEqual(['Your contract is ready']);
    const dismiss = await ctx.app.inject({ method: 'PUT', url: `/v1/notifications/${orgWide.id}`, headers: creator.headers });
    expect(dismiss.statusCode).toBe(404);
  });
});

describe('GET and PUT /v1/notification_preferences', () => {
  it('keeps each member their own choice of emailed kinds', async () => {
    const owner = await createOwner(ctx.app);
    const admin = await createMember(ctx.deps, owner.org.id, 'admin');
    const read = async (headers: Record<string, string>) =>
      (await ctx.app.inject({ method: 'GET', url: '/v1/notification_preferences', headers })).json();
    expect(await read(owner.headers)).toEqual({ email_events: [] });
    const saved = await ctx.app.inject({
      method: 'PUT',
      url: '/v1/notification_preferences',
      headers: owner.headers,
      payload: { email_events: ['invoice.paid', 'contract.signed', 'invoice.paid'] },
    });
    expect(saved.json()).toEqual({ email_events: ['invoice.paid', 'contract.signed'] });
    expect(await read(owner.headers)).toEqual({ email_events: ['invoice.paid', 'contract.signed'] });
    expect(await read(admin.headers)).toEqual({ email_events: [] });
    const cleared = await ctx.app.inject({
      method: 'PUT',
      url: '/v1/notification_preferences',
      headers: owner.headers,
      payload: { email_events: [] },
    });
    expect(cleared.json()).toEqual({ email_events: [] });
  });

  it('refuses unknown kinds, a missing list, portal accounts and a missing session', async () => {
    const owner = await createOwner(ctx.app);
    const put = (payload: unknown, headers: Record<string, string> = owner.headers) =>
      ctx.app.inject({ method: 'PUT', url: '/v1/notification_preferences', headers, payload: payload as object });
    const unknown = await put({ email_events: ['webhook.test'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Unknown event kind');
    const missing = await put({});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('This field is required');
    expect((await put({ email_events: ['invoice.paid\u0000'] })).statusCode).toBe(400);
    const creator = await createMember(ctx.deps, owner.org.id, 'creator');
    expect((await put({ email_events: [] }, creator.headers)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/v1/notification_preferences', headers: creator.headers })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/v1/notification_preferences' })).statusCode).toBe(401);
  });
});
