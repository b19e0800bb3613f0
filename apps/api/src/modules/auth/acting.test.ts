import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { loginAsMessages } from '@crewpay/core';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { PASSWORD, authHeaders, createOwner, latestLinkId, uniqueEmail, upgradePlan } from '../../../test/fixtures.ts';
import { injector } from '../../../test/payment-fixtures.ts';
import { addCreatorWithEmail, creatorSignsIn, individualUpdate, portalCreator } from '../../../test/portal-fixtures.ts';
import { auditLog } from '../../db/schema/index.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

type Headers = Record<string, string>;
const call = (...args: Parameters<ReturnType<typeof injector>>) => injector(ctx.app)(...args);
const loginAs = (headers: Headers, user_id: string) => call('POST', '/v1/users/loginas', headers, { user_id });
const auditOf = (actorId: string) =>
  ctx.deps.db.select().from(auditLog).where(eq(auditLog.actor_user_id, actorId)).orderBy(auditLog.created_at);

async function member(ownerHeaders: Headers, role: 'admin' | 'collaborator') {
  const email = uniqueEmail(role);
  const invited = await call('POST', '/v1/users', ownerHeaders, { email, role });
  expect(invited.statusCode, invited.body).toBe(200);
  const linkId = await latestLinkId(ctx.app, email, '/resetPassword/');
  const session = await ctx.app.inject({ method: 'POST', url: `/v1/expiring_link?id=${linkId}`, payload: { password: PASSWORD } });
  return { id: invited.json<{ id: string }>().id, headers: authHeaders(session.json<{ auth_token: string }>().auth_token) };
}

async function team() {
  const owner = await createOwner(ctx.app);
  await upgradePlan(ctx.app, owner.headers);
  return { owner, admin: await member(owner.headers, 'admin'), teammate: await member(owner.headers, 'collaborator') };
}

describe('POST /v1/users/loginas', () => {
  it('an owner acts as a team member: every rule is the team member’s, and each request, read or write, is audited with both users', async () => {
    const { owner, teammate } = await team();
    const started = await loginAs(owner.headers, teammate.id);
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({ id: teammate.id, role: 'collaborator', acting_by: { id: owner.user.id } });
    expect((await call('GET', '/v1/user', owner.headers)).json()).toMatchObject({ id: teammate.id, acting_by: { id: owner.user.id } });

    // A team member cannot execute payments, so neither can the owner acting as one.
    const execute = await call('PUT', '/v1/payments/initiate', owner.headers, { ids: [crypto.randomUUID()] });
    expect(execute.statusCode).toBe(403);
    const tag = await call('POST', '/v1/tags', owner.headers, [{ label: 'acted' }]);
    expect(tag.statusCode, tag.body).toBe(200);
    // Reads are recorded too: what was seen of someone's account matters.
    await call('GET', '/v1/creators', owner.headers);

    const back = await call('DELETE', '/v1/users/loginas', owner.headers);
    expect(back.json()).toMatchObject({ id: owner.user.id, acting_by: null });
    expect((await call('GET', '/v1/user', owner.headers)).json()).toMatchObject({ id: owner.user.id, role: 'owner' });
    await call('POST', '/v1/tags', owner.headers, [{ label: 'not acted' }]);

    const rows = await auditOf(owner.user.id);
    expect(rows.map((row) => [row.action, row.user_id, row.status_code])).toEqual([
      // The team's set-up: the owner invited both members.
      ['member.invite', owner.user.id, 200],
      ['member.invite', owner.user.id, 200],
      ['login_as.start', teammate.id, 200],
      ['GET /v1/user', teammate.id, 200],
      ['PUT /v1/payments/initiate', teammate.id, 403],
      ['POST /v1/tags', teammate.id, 200],
      ['GET /v1/creators', teammate.id, 200],
      ['DELETE /v1/users/loginas', teammate.id, 200],
      ['login_as.end', teammate.id, 200],
    ]);
    expect(rows.every((row) => row.org_id === owner.org.id && row.completed_at !== null)).toBe(true);
  });

  it('never upward in role: an admin may act as a team member or another admin, not as the owner', async () => {
    const { owner, admin, teammate } = await team();
    const upward = await loginAs(admin.headers, owner.user.id);
    expect(upward.statusCode).toBe(403);
    expect(upward.json().message).toBe(loginAsMessages.higherRole);
    expect((await call('GET', '/v1/user', admin.headers)).json().id).toBe(admin.id);
    expect((await loginAs(admin.headers, teammate.id)).statusCode).toBe(200);
  });

  it('never across organisations, and never for team members, creators or customers', async () => {
    const { owner, teammate } = await team();
    const other = await createOwner(ctx.app);
    const otherCreator = await portalCreator(ctx.app, other.headers);
    for (const id of [other.user.id, otherCreator.user_id, crypto.randomUUID()]) {
      const response = await loginAs(owner.headers, id);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(loginAsMessages.notFound);
    }
    const byTeammate = await loginAs(teammate.headers, owner.user.id);
    expect(byTeammate.json().message).toBe(loginAsMessages.notAllowed);
    const creator = await portalCreator(ctx.app, owner.headers);
    const byCreator = await loginAs(creator.headers, teammate.id);
    expect(byCreator.statusCode).toBe(403);
    expect(byCreator.json().message).toBe(loginAsMessages.externalRefused);
    expect((await loginAs(owner.headers, owner.user.id)).json().message).toBe(loginAsMessages.self);
    expect((await loginAs(owner.headers, 'not-a-uuid')).statusCode).toBe(400);
  });

  it('acting as a creator shows only the acting organisation, and refuses nesting and password changes', async () => {
    const first = await createOwner(ctx.app, { orgName: 'Acting Org' });
    const second = await createOwner(ctx.app, { orgName: 'Private Org' });
    const email = uniqueEmail('acted');
    // The private organisation adds the creator first: their login's own org_id is the private one.
    await addCreatorWithEmail(ctx.app, second.headers, email);
    const mine = await addCreatorWithEmail(ctx.app, first.headers, email);
    const creatorHeaders = await creatorSignsIn(ctx.app, email);
    expect((await call('GET', '/v1/creators/user', creatorHeaders)).json()).toHaveLength(2);

    expect((await loginAs(first.headers, mine.user_id)).statusCode).toBe(200);
    const records = (await call('GET', '/v1/creators/user', first.headers)).json();
    expect(records.map((r: { org_name: string }) => r.org_name)).toEqual(['Acting Org']);
    expect((await call('GET', '/v1/orgs', first.headers)).json().map((o: { name: string }) => o.name)).toEqual(['Acting Org']);
    expect((await call('GET', '/v1/org', first.headers)).json()).toMatchObject({ name: 'Acting Org', treasury_id: null });
    // Payout and tax details are the creator's own to change, never while acting as them.
    const details = await call('PUT', `/v1/creators/user/${mine.id}`, first.headers, individualUpdate());
    expect(details.statusCode).toBe(403);
    expect(details.json().message).toBe(loginAsMessages.noPayoutDetails);
    expect((await loginAs(first.headers, mine.user_id)).json().message).toBe(loginAsMessages.whileActing);
    const password = await call('PUT', '/v1/users/password', first.headers, { current_password: PASSWORD, new_password: 'An0ther-pass!' });
    expect(password.statusCode).toBe(403);

    const rows = await auditOf(first.user.id);
    expect(rows.find((row) => row.action === 'PUT /v1/creators/user/:id')).toMatchObject({
      user_id: mine.user_id,
      target_id: mine.id,
      status_code: 403,
    });
    expect(rows.find((row) => row.action === 'GET /v1/creators/user')).toMatchObject({ user_id: mine.user_id, status_code: 200 });
  });

  it('refuses API keys', async () => {
    const owner = await createOwner(ctx.app);
    const key = (await call('POST', '/v1/org_api_token', owner.headers, {})).json<{ key: string }>().key;
    const creator = await portalCreator(ctx.app, owner.headers);
    const response = await loginAs({ authorization: `Bearer ${key}` }, creator.user_id);
    expect(response.statusCode).toBe(403);
  });
});
