import { beforeAll, describe, expect, it } from 'vitest';
import { twoFactorMessages } from '@crewpay/core';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { PASSWORD, addCreator, authHeaders, createOwner, latestLinkId, uniqueEmail, upgradePlan } from '../../test/fixtures.ts';
import { approvalsOrg, executeNew } from '../../test/approval-fixtures.ts';
import { enrolTotp, nextTimeStep, staleFactor, totpCode } from '../../test/two-factor-fixtures.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

type Headers = Record<string, string>;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers = {}, payload?: unknown) =>
  ctx.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

/** A standard-plan owner with an authenticator app (their session's factor fresh from set-up). */
async function enrolledOwner() {
  const owner = await createOwner(ctx.app);
  await upgradePlan(ctx.app, owner.headers);
  const enrolled = await enrolTotp(ctx.app, owner.headers);
  await nextTimeStep(ctx.app, owner.user.id);
  return { ...owner, ...enrolled };
}

/** Invites a collaborator, who sets a password from the emailed link: their id, email and session. */
async function invitedMember(ownerHeaders: Headers) {
  const email = uniqueEmail('member');
  const invited = await call('POST', '/v1/users', ownerHeaders, { email, role: 'collaborator' });
  expect(invited.statusCode, invited.body).toBe(200);
  const linkId = await latestLinkId(ctx.app, email, '/resetPassword/');
  const session = await call('POST', `/v1/expiring_link?id=${linkId}`, {}, { password: PASSWORD });
  expect(session.statusCode, session.body).toBe(200);
  return { id: invited.json().id as string, email, headers: authHeaders(session.json().auth_token) };
}

describe('an organisation requiring two-factor sign-in', () => {
  it('is switched on by an owner who has two-factor, and recorded', async () => {
    const bare = await createOwner(ctx.app);
    const refused = await call('PUT', '/v1/users/two_factor/organization', bare.headers, { required: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: twoFactorMessages.ownerFirst });

    const owner = await enrolledOwner();
    const member = await invitedMember(owner.headers);
    expect((await call('PUT', '/v1/users/two_factor/organization', member.headers, { required: true })).statusCode).toBe(403);
    const required = await call('PUT', '/v1/users/two_factor/organization', owner.headers, { required: true });
    expect(required.statusCode, required.body).toBe(200);
    const log = await call('GET', '/v1/audit_log', owner.headers);
    expect(log.json().entries.map((entry: { action: string }) => entry.action)).toContain('org.two_factor_required');
  });

  it('refuses a staff session without a second factor everything but setting one up, then lets it in', async () => {
    const owner = await enrolledOwner();
    const member = await invitedMember(owner.headers);
    expect((await call('GET', '/v1/creators', member.headers)).statusCode).toBe(200);
    await call('PUT', '/v1/users/two_factor/organization', owner.headers, { required: true });

    const signedIn = await call('POST', '/v1/users/signin', {}, { email: member.email, password: PASSWORD });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const headers = authHeaders(signedIn.json().auth_token);
    const refused = await call('GET', '/v1/creators', headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      message: twoFactorMessages.requiredByOrg,
      code: 'forbidden',
      two_factor_enrolment_required: true,
    });
    expect((await call('GET', '/v1/user', headers)).statusCode).toBe(200);
    expect((await call('GET', '/v1/users/two_factor', headers)).json()).toMatchObject({ totp_enabled: false, required_by_org: true });

    await enrolTotp(ctx.app, headers);
    expect((await call('GET', '/v1/creators', headers)).statusCode).toBe(200);
    // Required by the organisation: it cannot be removed.
    const removal = await call('DELETE', '/v1/users/two_factor/totp', headers);
    expect(removal.json()).toMatchObject({ message: twoFactorMessages.cannotRemoveRequired });
  });

  it("leaves the organisation's API keys working", async () => {
    const owner = await enrolledOwner();
    const created = await call('POST', '/v1/org_api_token', owner.headers, { scopes: ['read', 'creators:write'] });
    expect(created.statusCode, created.body).toBe(200);
    await call('PUT', '/v1/users/two_factor/organization', owner.headers, { required: true });
    const bearer = { authorization: `Bearer ${created.json().key}` };
    expect((await call('GET', '/v1/creators', bearer)).statusCode).toBe(200);
    const added = await call('POST', '/v1/creators', bearer, { email: uniqueEmail('creator'), first_name: 'Kay', last_name: 'Key' });
    expect(added.statusCode, added.body).toBe(200);
  });
});

describe('sensitive actions ask for a fresh second factor', () => {
  it('refuses creating an API key, changing a role and payout details on a stale factor, and allows them after a code', async () => {
    const owner = await enrolledOwner();
    const member = await invitedMember(owner.headers);
    const creator = await addCreator(ctx.app, owner.headers);
    await staleFactor(ctx.app, owner.user.id);

    const attempts = [
      () => call('POST', '/v1/org_api_token', owner.headers, {}),
      () => call('PUT', `/v1/users/${member.id}`, owner.headers, { role: 'admin' }),
      () => call('PUT', `/v1/creators/${creator.id}`, owner.headers, { paypal_email: 'payee@example.com' }),
    ];
    for (const attempt of attempts) {
      const refused = await attempt();
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json()).toEqual({ message: twoFactorMessages.freshFactor, code: 'forbidden', fresh_factor_required: true });
    }
    // Not sensitive: a name change goes through on a stale factor.
    expect((await call('PUT', `/v1/creators/${creator.id}`, owner.headers, { first_name: 'Cass' })).statusCode).toBe(200);

    const wrong = await call('POST', '/v1/users/two_factor/verify', owner.headers, { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    const verified = await call('POST', '/v1/users/two_factor/verify', owner.headers, { code: await totpCode(owner.secret) });
    expect(verified.statusCode, verified.body).toBe(200);
    for (const attempt of attempts) {
      const allowed = await attempt();
      expect(allowed.statusCode, allowed.body).toBe(200);
    }
  });

  it('refuses approving or rejecting a payment on a stale factor, and allows it after a code', async () => {
    const { admin, second, creator } = await approvalsOrg(ctx.app, ctx.deps, { every_payment: true });
    const { drafts } = await executeNew(ctx.app, admin.headers, admin.headers, creator.id, [10_000, 20_000]);
    const [first, other] = drafts.map((draft) => draft.id);
    const { secret } = await enrolTotp(ctx.app, second.headers);
    await staleFactor(ctx.app, second.user.id);

    const decisions = [
      () => call('POST', `/v1/approvals/${first}/approve`, second.headers, { reason: '' }),
      () => call('POST', `/v1/approvals/${other}/reject`, second.headers, { reason: 'Wrong amount' }),
    ];
    for (const decide of decisions) {
      const refused = await decide();
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json()).toEqual({ message: twoFactorMessages.freshFactor, code: 'forbidden', fresh_factor_required: true });
    }
    await nextTimeStep(ctx.app, second.user.id);
    const verified = await call('POST', '/v1/users/two_factor/verify', second.headers, { code: await totpCode(secret) });
    expect(verified.statusCode, verified.body).toBe(200);
    for (const decide of decisions) {
      const decided = await decide();
      expect(decided.statusCode, decided.body).toBe(200);
    }
  });

  it('asks nothing of a person without a second factor', async () => {
    const owner = await createOwner(ctx.app);
    expect((await call('POST', '/v1/org_api_token', owner.headers, {})).statusCode).toBe(200);
  });

  it('is declared on the routes that ask for it', () => {
    const guarded = ctx.app.routePolicies().filter(({ policy }) => policy?.freshFactor);
    expect(guarded.map(({ method, url }) => `${method} ${url}`)).toEqual(
      expect.arrayContaining(['POST /v1/org_api_token', 'PUT /v1/users/:id', 'POST /v1/users/passkeys', 'PUT /v1/payments/initiate']),
    );
  });
});
