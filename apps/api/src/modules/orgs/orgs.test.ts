import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DEFAULT_ORG_ID, messages } from '@crewpay/core';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { authHeaders, createOwner, signUp } from '../../../test/fixtures.ts';
import { users } from '../../db/schema/index.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

describe('POST /v1/org', () => {
  it('creates the organisation, makes the creator its owner and moves them out of the default one', async () => {
    const session = await signUp(ctx.app);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/v1/org',
      headers: authHeaders(session.auth_token),
      payload: { name: '  Northwind Talent ', website: 'https://northwind.example' },
    });
    expect(response.statusCode).toBe(200);
    const org = response.json();
    expect(org).toMatchObject({
      name: 'Northwind Talent',
      website: 'https://northwind.example',
      treasury_id: null,
      has_representative: false,
      billing_plan: 'free',
      billing_status: 'active',
      agent_split_source: 'creator',
      manager_split_source: 'creator',
    });
    const me = await ctx.app.inject({ method: 'GET', url: '/v1/user', headers: authHeaders(session.auth_token) });
    expect(me.json()).toMatchObject({ org_id: org.id, role: 'owner' });
  });

  it.each([
    ['name', { website: 'https://x.example' }],
    ['name', { name: '   ', website: 'https://x.example' }],
    ['website', { name: 'X' }],
    ['website', { name: 'X', website: '' }],
  ])('refuses a missing %s', async (field, payload) => {
    const session = await signUp(ctx.app);
    const response = await ctx.app.inject({ method: 'POST', url: '/v1/org', headers: authHeaders(session.auth_token), payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: messages.required, code: 'validation_error', field });
  });

  it('refuses a second organisation for a user who already has one', async () => {
    const owner = await createOwner(ctx.app);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/v1/org',
      headers: owner.headers,
      payload: { name: 'Again', website: 'a.example' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('You already belong to an organization');
  });

  it('creates one organisation when the same user submits twice at once', async () => {
    const session = await signUp(ctx.app);
    const submit = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/v1/org',
        headers: authHeaders(session.auth_token),
        payload: { name: 'Twice', website: 't.example' },
      });
    const answers = await Promise.all([submit(), submit()]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
  });

  it('needs a session', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/v1/org', payload: { name: 'X', website: 'x.example' } });
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /v1/org and GET /v1/orgs', () => {
  it("answers the caller's own organisation only", async () => {
    const first = await createOwner(ctx.app, { orgName: 'First Org' });
    const second = await createOwner(ctx.app, { orgName: 'Second Org' });
    const mine = await ctx.app.inject({ method: 'GET', url: '/v1/org', headers: second.headers });
    expect(mine.json()).toMatchObject({ id: second.org.id, name: 'Second Org' });
    const list = await ctx.app.inject({ method: 'GET', url: '/v1/orgs', headers: first.headers });
    expect(list.json().map((org: { id: string }) => org.id)).toEqual([first.org.id]);
  });

  it('answers the default organisation for a user who has not created one', async () => {
    const session = await signUp(ctx.app);
    const response = await ctx.app.inject({ method: 'GET', url: '/v1/org', headers: authHeaders(session.auth_token) });
    expect(response.json().id).toBe(DEFAULT_ORG_ID);
  });
});

describe('PUT /v1/org', () => {
  it('updates name, website and split sources for the owner', async () => {
    const owner = await createOwner(ctx.app);
    const response = await ctx.app.inject({
      method: 'PUT',
      url: '/v1/org',
      headers: owner.headers,
      payload: { name: 'Renamed', website: 'https://renamed.example', agent_split_source: 'org', manager_split_source: 'org' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: owner.org.id, name: 'Renamed', agent_split_source: 'org', manager_split_source: 'org' });
  });

  it('refuses an unknown split source and an empty name', async () => {
    const owner = await createOwner(ctx.app);
    const badSource = await ctx.app.inject({
      method: 'PUT',
      url: '/v1/org',
      headers: owner.headers,
      payload: { agent_split_source: 'agent' },
    });
    expect(badSource.statusCode).toBe(400);
    expect(badSource.json().field).toBe('agent_split_source');
    const emptyName = await ctx.app.inject({ method: 'PUT', url: '/v1/org', headers: owner.headers, payload: { name: '' } });
    expect(emptyName.json()).toEqual({ message: messages.required, code: 'validation_error', field: 'name' });
  });

  it('refuses a collaborator and a user without an organisation', async () => {
    const owner = await createOwner(ctx.app);
    const member = await createOwner(ctx.app);
    await ctx.deps.db.update(users).set({ org_id: owner.org.id, role: 'collaborator' }).where(eq(users.id, member.user.id));
    const asCollaborator = await ctx.app.inject({
      method: 'PUT',
      url: '/v1/org',
      headers: member.headers,
      payload: { name: 'Taken over' },
    });
    expect(asCollaborator.statusCode).toBe(403);
    const loner = await signUp(ctx.app);
    const asLoner = await ctx.app.inject({
      method: 'PUT',
      url: '/v1/org',
      headers: authHeaders(loner.auth_token),
      payload: { name: 'Default renamed' },
    });
    expect(asLoner.statusCode).toBe(403);
    expect(asLoner.json().message).toBe('Create your organization first');
  });

  it("changes only the caller's organisation", async () => {
    const first = await createOwner(ctx.app, { orgName: 'Untouched' });
    const second = await createOwner(ctx.app);
    await ctx.app.inject({ method: 'PUT', url: '/v1/org', headers: second.headers, payload: { name: 'Changed' } });
    const firstOrg = await ctx.app.inject({ method: 'GET', url: '/v1/org', headers: first.headers });
    expect(firstOrg.json().name).toBe('Untouched');
  });
});
