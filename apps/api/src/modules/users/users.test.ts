import { beforeAll, describe, expect, it } from 'vitest';
import { memberMessages, messages } from '@crewpay/core';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { PASSWORD, authHeaders, createOwner, latestLinkId, readOutbox, uniqueEmail, upgradePlan } from '../../../test/fixtures.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

type Headers = Record<string, string>;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: unknown) =>
  ctx.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

/** Invites a member with `role`, who sets a password from the emailed link: answers their id and headers. */
async function member(ownerHeaders: Headers, role: 'admin' | 'collaborator') {
  const email = uniqueEmail(role);
  const invited = await call('POST', '/v1/users', ownerHeaders, { email, role });
  expect(invited.statusCode, invited.body).toBe(200);
  const linkId = await latestLinkId(ctx.app, email, '/resetPassword/');
  const session = await ctx.app.inject({ method: 'POST', url: `/v1/expiring_link?id=${linkId}`, payload: { password: PASSWORD } });
  expect(session.statusCode, session.body).toBe(200);
  return { id: invited.json().id as string, email, headers: authHeaders(session.json().auth_token) };
}

async function standardOwner() {
  const owner = await createOwner(ctx.app);
  await upgradePlan(ctx.app, owner.headers);
  return owner;
}

describe('POST /v1/users', () => {
  it('invites a member who sets a password from the emailed link and signs in to the organisation', async () => {
    const owner = await standardOwner();
    const email = uniqueEmail('teammate');
    const response = await call('POST', '/v1/users', owner.headers, { email, role: 'collaborator', is_manager: true });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ email, role: 'collaborator', is_external: false, is_manager: true, is_agent: false });
    expect(response.body).not.toContain('password');
    const mail = (await readOutbox(ctx.app)).filter((item) => item.to === email);
    expect(mail[0]!.subject).toBe('Join Acme Creators on Crewpay');
    expect(mail[0]!.text).toContain('as Team member');
    const linkId = await latestLinkId(ctx.app, email, '/resetPassword/');
    await ctx.app.inject({ method: 'POST', url: `/v1/expiring_link?id=${linkId}`, payload: { password: PASSWORD } });
    const signIn = await ctx.app.inject({ method: 'POST', url: '/v1/users/signin', payload: { email, password: PASSWORD } });
    expect(signIn.json()).toMatchObject({ is_external: false, user: { org_id: owner.org.id, role: 'collaborator' } });
    const list = await call('GET', '/v1/users', owner.headers);
    expect(list.json().map((user: { email: string }) => user.email)).toEqual([owner.user.email, email]);
  });

  it('refuses an invalid email, an email with an account, and a free-plan invitation', async () => {
    const owner = await createOwner(ctx.app);
    const free = await call('POST', '/v1/users', owner.headers, { email: uniqueEmail(), role: 'admin' });
    expect(free.json()).toEqual({ message: memberMessages.freePlanInvite, code: 'forbidden' });
    await upgradePlan(ctx.app, owner.headers);
    const invalid = await call('POST', '/v1/users', owner.headers, { email: 'bad', role: 'admin' });
    expect(invalid.json()).toEqual({ message: messages.email, code: 'validation_error', field: 'email' });
    const taken = await call('POST', '/v1/users', owner.headers, { email: owner.user.email.toUpperCase(), role: 'admin' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ message: memberMessages.exists, code: 'conflict', field: 'email' });
    const noRole = await call('POST', '/v1/users', owner.headers, { email: uniqueEmail() });
    expect(noRole.json()).toEqual({ message: 'Choose Admin or Team member', code: 'validation_error', field: 'role' });
    const owners = await call('POST', '/v1/users', owner.headers, { email: uniqueEmail(), role: 'owner' });
    expect(owners.json()).toMatchObject({ message: 'Choose Admin or Team member', field: 'role' });
  });

  it('lets collaborators invite no one and admins invite team members but not admins', async () => {
    const owner = await standardOwner();
    const collaborator = await member(owner.headers, 'collaborator');
    const admin = await member(owner.headers, 'admin');
    const byCollaborator = await call('POST', '/v1/users', collaborator.headers, { email: uniqueEmail(), role: 'collaborator' });
    expect(byCollaborator.json()).toEqual({ message: memberMessages.collaboratorInvite, code: 'forbidden' });
    const adminByAdmin = await call('POST', '/v1/users', admin.headers, { email: uniqueEmail(), role: 'admin' });
    expect(adminByAdmin.json()).toEqual({ message: memberMessages.adminsAndOwners, code: 'forbidden' });
    const teamByAdmin = await call('POST', '/v1/users', admin.headers, { email: uniqueEmail(), role: 'collaborator' });
    expect(teamByAdmin.statusCode).toBe(200);
  });
});

describe('agents and managers', () => {
  it('adds agents and managers with names, lists them with isAgentManager=true and not as members', async () => {
    const owner = await createOwner(ctx.app);
    const agentEmail = uniqueEmail('agent');
    const agent = await call('POST', '/v1/users', owner.headers, {
      email: agentEmail,
      is_agent: true,
      first_name: 'Ada',
      last_name: 'Agent',
      phone_number: '(646) 555-0100',
    });
    expect(agent.statusCode, agent.body).toBe(200);
    expect(agent.json()).toMatchObject({ is_agent: true, is_manager: false, is_external: true, phone_number: '+16465550100' });
    const manager = await call('POST', '/v1/users', owner.headers, {
      email: uniqueEmail('manager'),
      is_manager: true,
      first_name: 'Max',
      last_name: 'Manager',
    });
    expect(manager.statusCode).toBe(200);
    const missingName = await call('POST', '/v1/users', owner.headers, { email: uniqueEmail(), is_agent: true, first_name: 'Only' });
    expect(missingName.json()).toEqual({ message: messages.required, code: 'validation_error', field: 'last_name' });
    const badEmail = await call('POST', '/v1/users', owner.headers, { email: 'x', is_manager: true, first_name: 'A', last_name: 'B' });
    expect(badEmail.json()).toMatchObject({ message: messages.email, field: 'email' });
    const people = await call('GET', '/v1/users?isAgentManager=true', owner.headers);
    expect(
      people
        .json()
        .map((user: { email: string }) => user.email)
        .sort(),
    ).toEqual([agentEmail, manager.json().email].sort());
    const members = await call('GET', '/v1/users', owner.headers);
    expect(members.json()).toHaveLength(1);
    const one = await call('GET', `/v1/users/${agent.json().id}`, owner.headers);
    expect(one.json()).toMatchObject({ first_name: 'Ada' });
    const renamed = await call('PUT', `/v1/users/${agent.json().id}`, owner.headers, { first_name: 'Adele', is_manager: true });
    expect(renamed.json()).toMatchObject({ first_name: 'Adele', is_agent: true, is_manager: true });
    const withRole = await call('PUT', `/v1/users/${agent.json().id}`, owner.headers, { role: 'admin' });
    expect(withRole.json()).toEqual({ message: memberMessages.noRoleForPayees, code: 'validation_error', field: 'role' });
  });
});

describe('PUT /v1/users/{id}', () => {
  it('applies the role rules: owner sets roles, never their own; admins cannot touch owners or admins; collaborators set none', async () => {
    const owner = await standardOwner();
    const admin = await member(owner.headers, 'admin');
    const otherAdmin = await member(owner.headers, 'admin');
    const collaborator = await member(owner.headers, 'collaborator');
    const cases: [string, Headers, string, unknown, number, string | null][] = [
      ['collaborator sets a role', collaborator.headers, admin.id, { role: 'collaborator' }, 403, memberMessages.onlyOwnerAdminRoles],
      ['collaborator edits another member', collaborator.headers, admin.id, { first_name: 'X' }, 403, memberMessages.collaboratorEdit],
      ['owner changes own role', owner.headers, owner.user.id, { role: 'admin' }, 403, memberMessages.notYourselfRole],
      ['admin demotes the owner', admin.headers, owner.user.id, { role: 'collaborator' }, 403, memberMessages.ownerStays],
      ['admin demotes another admin', admin.headers, otherAdmin.id, { role: 'collaborator' }, 403, memberMessages.adminsAndOwners],
      ['admin promotes a collaborator to admin', admin.headers, collaborator.id, { role: 'admin' }, 403, memberMessages.adminsAndOwners],
      ['admin edits the owner', admin.headers, owner.user.id, { first_name: 'X' }, 403, memberMessages.adminsAndOwners],
      ['invalid email', owner.headers, collaborator.id, { email: 'nope' }, 400, messages.email],
      ['an email with an account', owner.headers, collaborator.id, { email: admin.email }, 409, memberMessages.exists],
      ['collaborator edits own name', collaborator.headers, collaborator.id, { first_name: 'Colin' }, 200, null],
      ['admin edits a collaborator', admin.headers, collaborator.id, { is_agent: true }, 200, null],
      ['owner promotes a collaborator', owner.headers, collaborator.id, { role: 'admin' }, 200, null],
      ['owner demotes an admin', owner.headers, otherAdmin.id, { role: 'collaborator' }, 200, null],
    ];
    for (const [name, headers, id, payload, status, message] of cases) {
      const response = await call('PUT', `/v1/users/${id}`, headers, payload);
      expect(response.statusCode, `${name}: ${response.body}`).toBe(status);
      if (message) expect(response.json().message, name).toBe(message);
    }
    const roles = new Map(
      (await call('GET', '/v1/users', owner.headers)).json().map((user: { id: string; role: string }) => [user.id, user.role]),
    );
    expect(roles.get(collaborator.id)).toBe('admin');
    expect(roles.get(otherAdmin.id)).toBe('collaborator');
    expect(roles.get(owner.user.id)).toBe('owner');
  });
});

describe('DELETE /v1/users/{id}', () => {
  it('applies the removal rules: not oneself, not by collaborators, admins not owners or admins', async () => {
    const owner = await standardOwner();
    const admin = await member(owner.headers, 'admin');
    const otherAdmin = await member(owner.headers, 'admin');
    const collaborator = await member(owner.headers, 'collaborator');
    const spare = await member(owner.headers, 'collaborator');
    const cases: [string, Headers, string, number, string | null][] = [
      ['owner removes themself', owner.headers, owner.user.id, 403, memberMessages.notYourselfRemove],
      ['admin removes themself', admin.headers, admin.id, 403, memberMessages.notYourselfRemove],
      ['collaborator removes someone', collaborator.headers, spare.id, 403, memberMessages.collaboratorRemove],
      ['admin removes the owner', admin.headers, owner.user.id, 403, memberMessages.ownerStays],
      ['admin removes an admin', admin.headers, otherAdmin.id, 403, memberMessages.adminsAndOwners],
      ['admin removes a collaborator', admin.headers, spare.id, 200, null],
      ['owner removes an admin', owner.headers, otherAdmin.id, 200, null],
      ['the removed admin is gone', owner.headers, otherAdmin.id, 404, memberMessages.notFound],
    ];
    for (const [name, headers, id, status, message] of cases) {
      const response = await call('DELETE', `/v1/users/${id}`, headers);
      expect(response.statusCode, `${name}: ${response.body}`).toBe(status);
      if (message) expect(response.json().message, name).toBe(message);
    }
    const left = (await call('GET', '/v1/users', owner.headers)).json().map((user: { id: string }) => user.id);
    expect(left.sort()).toEqual([owner.user.id, admin.id, collaborator.id].sort());
    const removedSession = await call('GET', '/v1/user', authHeaders(otherAdmin.headers['auth-token']!));
    expect(removedSession.statusCode).toBe(401);
  });

  it('clears a removed manager from their creators', async () => {
    const owner = await createOwner(ctx.app);
    const manager = (
      await call('POST', '/v1/users', owner.headers, { email: uniqueEmail('m'), is_manager: true, first_name: 'M', last_name: 'N' })
    ).json();
    const creator = (
      await call('POST', '/v1/creators', owner.headers, { email: uniqueEmail('c'), first_name: 'C', last_name: 'D' })
    ).json();
    await call('PUT', `/v1/creators/${creator.id}`, owner.headers, { manager_id: manager.id });
    expect((await call('DELETE', `/v1/users/${manager.id}`, owner.headers)).statusCode).toBe(200);
    expect((await call('GET', `/v1/creators/${creator.id}`, owner.headers)).json().manager_id).toBeNull();
  });
});
