import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { twoFactorMessages } from '@crewpay/core';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { PASSWORD, authHeaders, createOwner, latestLinkId, uniqueEmail } from '../../../test/fixtures.ts';
import { portalCreator } from '../../../test/portal-fixtures.ts';
import { enrolTotp, nextTimeStep, staleFactor, totpCode, emailedCode } from '../../../test/two-factor-fixtures.ts';
import { auditLog, recoveryCodes, totpFactors } from '../../db/schema/index.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

type Headers = Record<string, string>;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers = {}, payload?: unknown) =>
  ctx.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
// Each sign-in from its own address: the sign-in throttle is per (account, IP).
let address = 0;
const signIn = (email: string, extra: object = {}) =>
  call('POST', '/v1/users/signin', { 'x-forwarded-for': `198.51.100.${++address % 250}` }, { email, password: PASSWORD, ...extra });

const auditActions = async (userId: string) =>
  (await ctx.deps.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.user_id, userId))).map((row) => row.action);

/** An owner with an authenticator app set up. */
async function enrolledOwner() {
  const owner = await createOwner(ctx.app);
  const enrolled = await enrolTotp(ctx.app, owner.headers);
  await nextTimeStep(ctx.app, owner.user.id);
  return { ...owner, ...enrolled };
}

describe('setting up an authenticator app', () => {
  it('answers the secret once, turns two-factor on with the first code and answers 10 recovery codes', async () => {
    const owner = await createOwner(ctx.app);
    expect((await call('GET', '/v1/users/two_factor', owner.headers)).json()).toEqual({
      totp_enabled: false,
      passkeys: 0,
      recovery_codes_left: 0,
      required_by_org: false,
    });
    const started = await call('POST', '/v1/users/two_factor/totp', owner.headers);
    expect(started.statusCode).toBe(200);
    const { secret, otpauth_url } = started.json();
    expect(otpauth_url).toContain(`secret=${secret}`);
    expect(otpauth_url).toContain('issuer=Crewpay');

    const wrong = await call('POST', '/v1/users/two_factor/totp/confirm', owner.headers, { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: twoFactorMessages.wrongCode, field: 'code' });

    // The first factor: with the code emailed to the person.
    const confirmed = await call('POST', '/v1/users/two_factor/totp/confirm', owner.headers, {
      code: await totpCode(secret),
      email_code: await emailedCode(ctx.app, owner.headers),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const codes: string[] = confirmed.json().recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);

    // Sealed at rest, hashed codes, and never answered again.
    const [factor] = await ctx.deps.db.select().from(totpFactors).where(eq(totpFactors.user_id, owner.user.id));
    expect(factor?.secret_sealed).not.toContain(secret);
    expect(ctx.deps.secrets.decrypt(factor!.secret_sealed)).toBe(secret);
    const hashes = await ctx.deps.db.select().from(recoveryCodes).where(eq(recoveryCodes.user_id, owner.user.id));
    expect(hashes.map((row) => row.code_hash)).not.toContain(codes[0]);
    expect((await call('POST', '/v1/users/two_factor/totp', owner.headers)).json()).toMatchObject({
      message: twoFactorMessages.alreadyEnrolled,
    });
    expect((await call('GET', '/v1/users/two_factor', owner.headers)).json()).toEqual({
      totp_enabled: true,
      passkeys: 0,
      recovery_codes_left: 10,
      required_by_org: false,
    });
    expect(await auditActions(owner.user.id)).toContain('two_factor.enrol');
  });

  it('is open to a portal user (a creator) too', async () => {
    const owner = await createOwner(ctx.app);
    const creator = await portalCreator(ctx.app, owner.headers);
    const enrolled = await enrolTotp(ctx.app, creator.headers);
    expect(enrolled.recovery_codes).toHaveLength(10);
    await nextTimeStep(ctx.app, creator.user_id);
    expect((await signIn(creator.email, { audience: 'creator' })).json()).toMatchObject({ two_factor_required: true });
    const withCode = await signIn(creator.email, { audience: 'creator', code: await totpCode(enrolled.secret) });
    expect(withCode.statusCode, withCode.body).toBe(200);
  });
});

describe('signing in with two-factor on', () => {
  it('asks for the code after the right password, refuses a wrong one and signs in with the right one', async () => {
    const owner = await enrolledOwner();
    const email = owner.user.email;
    const withoutCode = await signIn(email);
    expect(withoutCode.statusCode).toBe(401);
    expect(withoutCode.json()).toEqual({
      message: twoFactorMessages.codeRequired,
      code: 'unauthorized',
      field: 'code',
      two_factor_required: true,
    });
    // A wrong password is told nothing about the code.
    expect((await call('POST', '/v1/users/signin', {}, { email, password: 'Wrong-passw0rd' })).json()).not.toHaveProperty(
      'two_factor_required',
    );

    const wrong = await signIn(email, { code: '123456' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ message: twoFactorMessages.wrongCode, code: 'invalid_credentials', field: 'code' });
    expect(await auditActions(owner.user.id)).toContain('two_factor.code_failed');

    const code = await totpCode(owner.secret);
    const signedIn = await signIn(email, { code });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect((await call('GET', '/v1/user', authHeaders(signedIn.json().auth_token))).statusCode).toBe(200);
    // The same code again (someone who saw it) is refused.
    expect((await signIn(email, { code })).statusCode).toBe(401);
  });

  it('takes each recovery code once, and records its use', async () => {
    const owner = await enrolledOwner();
    const [recovery] = owner.recovery_codes;
    const first = await signIn(owner.user.email, { code: recovery!.toUpperCase() });
    expect(first.statusCode, first.body).toBe(200);
    const again = await signIn(owner.user.email, { code: recovery });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ message: twoFactorMessages.wrongCode });
    expect((await call('GET', '/v1/users/two_factor', owner.headers)).json()).toMatchObject({ recovery_codes_left: 9 });
    expect(await auditActions(owner.user.id)).toContain('two_factor.recovery_code_used');
  });

  it('wrong codes meet the sign-in back-off', async () => {
    const owner = await enrolledOwner();
    const from = { 'x-forwarded-for': '203.0.113.77' };
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 7; attempt++) {
      const response = await call('POST', '/v1/users/signin', from, { email: owner.user.email, password: PASSWORD, code: '654321' });
      statuses.push(response.statusCode);
    }
    expect(statuses).toContain(429);
  });

  it('a password-reset link does not get past the code, and stays usable until it is given', async () => {
    const owner = await enrolledOwner();
    await call('PUT', '/v1/users/password/reset', {}, { email: owner.user.email });
    const linkId = await latestLinkId(ctx.app, owner.user.email, '/resetPassword/');
    const url = `/v1/expiring_link?id=${linkId}`;
    const withoutCode = await call('POST', url, {}, { password: 'N3w-password!' });
    expect(withoutCode.statusCode).toBe(401);
    expect(withoutCode.json()).toMatchObject({ two_factor_required: true, field: 'code' });
    const withCode = await call('POST', url, {}, { password: 'N3w-password!', code: await totpCode(owner.secret) });
    expect(withCode.statusCode, withCode.body).toBe(200);
  });
});

describe('turning two-factor off', () => {
  it('asks for a fresh code first, then removes it and records it', async () => {
    const owner = await enrolledOwner();
    await staleFactor(ctx.app, owner.user.id);
    const refused = await call('DELETE', '/v1/users/two_factor/totp', owner.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: twoFactorMessages.freshFactor, fresh_factor_required: true });

    const verified = await call('POST', '/v1/users/two_factor/verify', owner.headers, { code: await totpCode(owner.secret) });
    expect(verified.statusCode, verified.body).toBe(200);
    const removed = await call('DELETE', '/v1/users/two_factor/totp', owner.headers);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await auditActions(owner.user.id)).toContain('two_factor.remove');
    expect((await signIn(owner.user.email)).statusCode).toBe(200);
    expect((await call('GET', '/v1/users/two_factor', owner.headers)).json()).toMatchObject({
      totp_enabled: false,
      recovery_codes_left: 0,
    });
  });

  it('refuses malformed codes with the message, not a 500', async () => {
    const owner = await createOwner(ctx.app);
    for (const code of ['', '12345', 'x'.repeat(300), 42]) {
      const response = await call('POST', '/v1/users/two_factor/verify', owner.headers, { code });
      expect(response.statusCode).toBe(400);
    }
    expect((await signIn(uniqueEmail(), { code: 'nope' })).statusCode).toBe(400);
  });
});
