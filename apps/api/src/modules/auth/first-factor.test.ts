import { beforeAll, describe, expect, it } from 'vitest';
import { twoFactorMessages } from '@crewpay/core';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { createOwner } from '../../../test/fixtures.ts';
import { SoftAuthenticator, registerPasskey, signInChallenge } from '../../../test/passkey-fixtures.ts';
import { emailedCode, staleFactor, totpCode } from '../../../test/two-factor-fixtures.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

type Headers = Record<string, string>;
const call = (method: 'POST' | 'GET', url: string, headers: Headers, payload?: object) =>
  ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

describe('adding a sign-in factor (issue 40, finding 1)', () => {
  it('asks a passkey-only session to prove its passkey before setting up an authenticator app', async () => {
    const owner = await createOwner(ctx.app);
    const authenticator = new SoftAuthenticator();
    await registerPasskey(ctx.app, owner.headers, authenticator);
    await staleFactor(ctx.app, owner.user.id);
    const refused = await call('POST', '/v1/users/two_factor/totp', owner.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ fresh_factor_required: true });

    const verified = await call('POST', '/v1/users/passkeys/verify', owner.headers, {
      credential: authenticator.assert(await signInChallenge(ctx.app)),
    });
    expect(verified.statusCode, verified.body).toBe(200);
    const started = await call('POST', '/v1/users/two_factor/totp', owner.headers);
    expect(started.statusCode, started.body).toBe(200);
    // A second factor is added on the proof of the first: no emailed code.
    expect(started.json().email_code_sent).toBe(false);
    const confirmed = await call('POST', '/v1/users/two_factor/totp/confirm', owner.headers, {
      code: await totpCode(started.json().secret),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
  });

  it('asks a person without any factor for the code emailed to them, and takes the right one only', async () => {
    const owner = await createOwner(ctx.app);
    const started = await call('POST', '/v1/users/two_factor/totp', owner.headers);
    expect(started.json().email_code_sent).toBe(true);
    const code = await totpCode(started.json().secret);
    const confirm = (extra: object) => call('POST', '/v1/users/two_factor/totp/confirm', owner.headers, { code, ...extra });

    const missing = await confirm({});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ message: twoFactorMessages.emailCodeRequired, field: 'email_code' });
    const emailed = await emailedCode(ctx.app, owner.headers);
    const wrong = await confirm({ email_code: emailed === '000000' ? '111111' : '000000' });
    expect(wrong.json()).toMatchObject({ message: twoFactorMessages.emailCodeWrong, field: 'email_code' });
    expect((await call('GET', '/v1/users/two_factor', owner.headers)).json()).toMatchObject({ totp_enabled: false });

    const confirmed = await confirm({ email_code: emailed });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await call('GET', '/v1/users/two_factor', owner.headers)).json()).toMatchObject({ totp_enabled: true });
  });

  it('asks the emailed code of a first passkey too', async () => {
    const owner = await createOwner(ctx.app);
    const authenticator = new SoftAuthenticator();
    const started = await call('POST', '/v1/users/passkeys/registration', owner.headers);
    expect(started.json().email_code_sent).toBe(true);
    const refused = await call('POST', '/v1/users/passkeys', owner.headers, {
      name: 'Thief',
      credential: authenticator.attest(started.json().options),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ field: 'email_code' });
    expect((await call('GET', '/v1/users/passkeys', owner.headers)).json()).toMatchObject({ data: [] });
  });
});
