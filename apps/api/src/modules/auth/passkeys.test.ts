import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { passkeyMessages } from '@crewpay/core';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { PASSWORD, authHeaders, createOwner, latestLinkId, uniqueEmail, upgradePlan } from '../../../test/fixtures.ts';
import { SoftAuthenticator, registerPasskey, signInChallenge } from '../../../test/passkey-fixtures.ts';
import { portalCreator } from '../../../test/portal-fixtures.ts';
import { emailedCode, nextTimeStep, staleFactor, totpCode } from '../../../test/two-factor-fixtures.ts';
import { auditLog, passkeys } from '../../db/schema/index.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

type Headers = Record<string, string>;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers = {}, payload?: unknown) =>
  ctx.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
let address = 0;
const passwordSignIn = (email: string, extra: object = {}) =>
  call('POST', '/v1/users/signin', { 'x-forwarded-for': `198.51.100.${++address % 250}` }, { email, password: PASSWORD, ...extra });
const passkeySignIn = (credential: object, extra: object = {}) => call('POST', '/v1/users/passkeys/signin', {}, { credential, ...extra });

const auditActions = async (userId: string) =>
  (await ctx.deps.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.user_id, userId))).map((row) => row.action);

/** An owner with one passkey (their first second factor). */
async function ownerWithPasskey() {
  const owner = await createOwner(ctx.app);
  const authenticator = new SoftAuthenticator();
  const registered = await registerPasskey(ctx.app, owner.headers, authenticator);
  return { ...owner, authenticator, ...registered };
}

describe('adding a passkey', () => {
  it('verifies the attestation, turns two-factor on with recovery codes, lists it and records it', async () => {
    const owner = await ownerWithPasskey();
    expect(owner.passkey.name).toBe('Laptop');
    expect(owner.recovery_codes).toHaveLength(10);
    const listed = (await call('GET', '/v1/users/passkeys', owner.headers)).json().data;
    expect(listed).toEqual([{ id: owner.passkey.id, name: 'Laptop', created_at: expect.any(String), last_used_at: null }]);
    const [row] = await ctx.deps.db.select().from(passkeys).where(eq(passkeys.id, owner.passkey.id));
    expect(row?.credential_id).toBe(owner.authenticator.id);
    expect((await call('GET', '/v1/users/two_factor', owner.headers)).json()).toMatchObject({
      totp_enabled: false,
      passkeys: 1,
      recovery_codes_left: 10,
    });
    expect(await auditActions(owner.user.id)).toContain('passkey.register');
    // A second passkey is no first factor: no new codes.
    expect((await registerPasskey(ctx.app, owner.headers, new SoftAuthenticator(), 'Phone')).recovery_codes).toEqual([]);
  });

  it("refuses an attestation for another challenge, a replayed one, or another person's challenge", async () => {
    const owner = await createOwner(ctx.app);
    const other = await createOwner(ctx.app);
    const authenticator = new SoftAuthenticator();
    const made = await call('POST', '/v1/users/passkeys', owner.headers, {
      name: 'Key',
      credential: authenticator.attest({ challenge: 'bm90LW91cnM' }),
    });
    expect(made.statusCode).toBe(401);
    expect(made.json()).toMatchObject({ message: passkeyMessages.refused });

    const { options } = (await call('POST', '/v1/users/passkeys/registration', other.headers)).json();
    const stolen = await call('POST', '/v1/users/passkeys', owner.headers, { name: 'Key', credential: authenticator.attest(options) });
    expect(stolen.statusCode).toBe(401);
    const mine = (await call('POST', '/v1/users/passkeys/registration', owner.headers)).json().options;
    expect(
      (
        await call('POST', '/v1/users/passkeys', owner.headers, {
          name: 'Key',
          credential: authenticator.attest(mine),
          email_code: await emailedCode(ctx.app, owner.headers),
        })
      ).statusCode,
    ).toBe(200);
    const replayed = await call('POST', '/v1/users/passkeys', owner.headers, {
      name: 'Again',
      credential: new SoftAuthenticator().attest(mine),
    });
    expect(replayed.statusCode).toBe(401);
  });

  it('asks for a fresh factor once the person has one', async () => {
    const owner = await ownerWithPasskey();
    await staleFactor(ctx.app, owner.user.id);
    // Asked at the start of the set-up, and again at its end (a challenge got while fresh).
    const started = await call('POST', '/v1/users/passkeys/registration', owner.headers);
    expect(started.statusCode).toBe(403);
    expect(started.json()).toMatchObject({ fresh_factor_required: true });
    const refused = await call('POST', '/v1/users/passkeys', owner.headers, {
      name: 'Key',
      credential: new SoftAuthenticator().attest({ challenge: 'bm90LW91cnM' }),
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ fresh_factor_required: true });
  });

  it('refuses malformed answers with a message, not a 500', async () => {
    const owner = await createOwner(ctx.app);
    for (const credential of [
      {},
      { id: 'x', rawId: 'x', type: 'public-key', response: { clientDataJSON: 'e30', attestationObject: 'AAAA' } },
    ]) {
      const response = await call('POST', '/v1/users/passkeys', owner.headers, { name: 'Key', credential });
      expect([400, 401]).toContain(response.statusCode);
    }
    const garbled = await passkeySignIn({
      id: 'x',
      rawId: 'x',
      type: 'public-key',
      response: { clientDataJSON: '!!', authenticatorData: 'AA', signature: 'AA' },
    });
    expect(garbled.statusCode).toBe(400);
  });
});

describe('signing in with a passkey', () => {
  it('signs in without a password, as two-factor verified, and records it', async () => {
    const owner = await ownerWithPasskey();
    const signedIn = await passkeySignIn(owner.authenticator.assert(await signInChallenge(ctx.app)), { audience: 'team' });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const headers = authHeaders(signedIn.json().auth_token);
    expect((await call('GET', '/v1/user', headers)).json()).toMatchObject({ id: owner.user.id });
    // Verified: a sensitive action goes through without asking again.
    await upgradePlan(ctx.app, headers);
    expect((await call('POST', '/v1/org_api_token', headers, { name: 'Key' })).statusCode).not.toBe(403);
    expect(await auditActions(owner.user.id)).toContain('passkey.sign_in');
    const [row] = await ctx.deps.db.select().from(passkeys).where(eq(passkeys.id, owner.passkey.id));
    expect(row?.counter).toBe(1);
    expect(row?.last_used_at).not.toBeNull();
  });

  it('refuses a made-up challenge, a replayed challenge and a counter that went back', async () => {
    const owner = await ownerWithPasskey();
    expect((await passkeySignIn(owner.authenticator.assert('bWFkZS11cA'))).statusCode).toBe(401);

    const challenge = await signInChallenge(ctx.app);
    expect((await passkeySignIn(owner.authenticator.assert(challenge))).statusCode).toBe(200);
    const replayed = await passkeySignIn(owner.authenticator.assert(challenge));
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json()).toMatchObject({ message: passkeyMessages.refused });

    await passkeySignIn(owner.authenticator.assert(await signInChallenge(ctx.app), { counter: 10 }));
    const cloned = await passkeySignIn(owner.authenticator.assert(await signInChallenge(ctx.app), { counter: 5 }));
    expect(cloned.statusCode).toBe(401);
    expect((await passkeySignIn(owner.authenticator.assert(await signInChallenge(ctx.app), { counter: 11 }))).statusCode).toBe(200);
  });

  it('refuses an unknown passkey, and the wrong side of the sign-in toggle', async () => {
    const owner = await ownerWithPasskey();
    expect((await passkeySignIn(new SoftAuthenticator().assert(await signInChallenge(ctx.app)))).statusCode).toBe(401);
    const wrongSide = await passkeySignIn(owner.authenticator.assert(await signInChallenge(ctx.app)), { audience: 'creator' });
    expect(wrongSide.statusCode).toBe(403);
  });

  it("is the second factor after the password, and refuses another person's passkey", async () => {
    const owner = await ownerWithPasskey();
    const other = await ownerWithPasskey();
    expect((await passwordSignIn(owner.user.email)).json()).toMatchObject({ two_factor_required: true });
    const wrongKey = await passwordSignIn(owner.user.email, { passkey: other.authenticator.assert(await signInChallenge(ctx.app)) });
    expect(wrongKey.statusCode).toBe(401);
    expect(wrongKey.json()).toMatchObject({ message: passkeyMessages.refused });
    const signedIn = await passwordSignIn(owner.user.email, { passkey: owner.authenticator.assert(await signInChallenge(ctx.app)) });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
  });
});

describe('a passkey as a fresh factor', () => {
  it("re-verifies with the person's own passkey only, then removes one", async () => {
    const owner = await ownerWithPasskey();
    const other = await ownerWithPasskey();
    await staleFactor(ctx.app, owner.user.id);
    const url = `/v1/users/passkeys/${owner.passkey.id}`;
    expect((await call('DELETE', url, owner.headers)).json()).toMatchObject({ fresh_factor_required: true });
    const foreign = await call('POST', '/v1/users/passkeys/verify', owner.headers, {
      credential: other.authenticator.assert(await signInChallenge(ctx.app)),
    });
    expect(foreign.statusCode).toBe(401);
    const verified = await call('POST', '/v1/users/passkeys/verify', owner.headers, {
      credential: owner.authenticator.assert(await signInChallenge(ctx.app)),
    });
    expect(verified.statusCode, verified.body).toBe(200);
    // Someone else's passkey is not found by its id.
    expect((await call('DELETE', `/v1/users/passkeys/${other.passkey.id}`, owner.headers)).statusCode).toBe(404);
    expect((await call('DELETE', url, owner.headers)).statusCode).toBe(200);
    expect(await auditActions(owner.user.id)).toContain('passkey.remove');
    // The last factor gone: two-factor sign-in is off.
    expect((await passwordSignIn(owner.user.email)).statusCode).toBe(200);
  });
});

describe('an authenticator app beside a passkey', () => {
  it('is no factor until its set-up is confirmed, and removing it keeps two-factor on', async () => {
    const owner = await ownerWithPasskey();
    const { secret } = (await call('POST', '/v1/users/two_factor/totp', owner.headers)).json();
    // A session that started an app of its own cannot prove a factor with it.
    const unconfirmed = await call('POST', '/v1/users/two_factor/verify', owner.headers, { code: await totpCode(secret) });
    expect(unconfirmed.statusCode).toBe(400);
    await nextTimeStep(ctx.app, owner.user.id);
    const confirmed = await call('POST', '/v1/users/two_factor/totp/confirm', owner.headers, { code: await totpCode(secret) });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await call('DELETE', '/v1/users/two_factor/totp', owner.headers)).statusCode).toBe(200);
    expect((await call('GET', '/v1/users/two_factor', owner.headers)).json()).toMatchObject({
      totp_enabled: false,
      recovery_codes_left: 10,
    });
    expect((await passwordSignIn(owner.user.email)).json()).toMatchObject({ two_factor_required: true });
  });
});

describe('an organisation requiring two-factor', () => {
  it('takes a passkey as the factor of a member who has to enrol', async () => {
    const owner = await ownerWithPasskey();
    await upgradePlan(ctx.app, owner.headers);
    expect((await call('PUT', '/v1/users/two_factor/organization', owner.headers, { required: true })).statusCode).toBe(200);
    const email = uniqueEmail('member');
    expect((await call('POST', '/v1/users', owner.headers, { email, role: 'collaborator' })).statusCode).toBe(200);
    const linkId = await latestLinkId(ctx.app, email, '/resetPassword/');
    const member = authHeaders((await call('POST', `/v1/expiring_link?id=${linkId}`, {}, { password: PASSWORD })).json().auth_token);
    expect((await call('GET', '/v1/creators', member)).json()).toMatchObject({ two_factor_enrolment_required: true });

    const authenticator = new SoftAuthenticator();
    const registered = await registerPasskey(ctx.app, member, authenticator);
    expect((await call('GET', '/v1/creators', member)).statusCode).toBe(200);
    const signedIn = await passwordSignIn(email, { passkey: authenticator.assert(await signInChallenge(ctx.app)) });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect((await call('GET', '/v1/creators', authHeaders(signedIn.json().auth_token))).statusCode).toBe(200);
    // The last factor stays while the organisation requires one.
    const refused = await call('DELETE', `/v1/users/passkeys/${registered.passkey.id}`, member);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: passkeyMessages.lastRequired });
  });
});

describe('a portal user', () => {
  it('adds a passkey and signs in to the portal with it', async () => {
    const owner = await createOwner(ctx.app);
    const creator = await portalCreator(ctx.app, owner.headers);
    const authenticator = new SoftAuthenticator();
    await registerPasskey(ctx.app, creator.headers, authenticator);
    const signedIn = await passkeySignIn(authenticator.assert(await signInChallenge(ctx.app)), { audience: 'creator' });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json()).toMatchObject({ is_external: true });
    const portal = authHeaders(signedIn.json().auth_token);
    expect((await call('GET', '/v1/users/two_factor', portal)).json()).toMatchObject({ passkeys: 1, required_by_org: false });
    // Their own factors only: the organisation's rule is its owners'.
    expect((await call('PUT', '/v1/users/two_factor/organization', portal, { required: true })).statusCode).toBe(403);
  });
});
