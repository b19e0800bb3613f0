import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { loginAsMessages } from '@crewpay/core';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { createOwner } from '../../../test/fixtures.ts';
import { SoftAuthenticator, registerPasskey } from '../../../test/passkey-fixtures.ts';
import { enrolTotp, staleFactor } from '../../../test/two-factor-fixtures.ts';
import { createCollaborator } from '../../../test/wallet-fixtures.ts';
import { auditLog } from '../../db/schema/index.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

type Headers = Record<string, string>;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, headers: Headers, payload?: unknown) =>
  ctx.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

/** An owner with an authenticator app whose proof is stale, acting as a teammate who has a passkey. */
async function actingOnTeammateWithPasskey() {
  const owner = await createOwner(ctx.app);
  await enrolTotp(ctx.app, owner.headers);
  await staleFactor(ctx.app, owner.user.id);
  const teammate = await createCollaborator(ctx.deps, owner.org.id);
  const { passkey } = await registerPasskey(ctx.app, teammate.headers, new SoftAuthenticator());
  expect((await call('POST', '/v1/users/loginas', owner.headers, { user_id: teammate.user.id })).statusCode).toBe(200);
  return { owner, teammate, passkey };
}

describe('acting as someone never changes their sign-in factors', () => {
  it('refuses adding or removing passkeys and the authenticator app with the acting message, before any re-verification', async () => {
    const { owner, teammate, passkey } = await actingOnTeammateWithPasskey();
    const attestation = new SoftAuthenticator().attest({ challenge: 'acting-challenge' });
    const refused: [Method, string, unknown?][] = [
      ['POST', '/v1/users/passkeys/registration'],
      ['POST', '/v1/users/passkeys', { name: 'Support laptop', credential: attestation }],
      ['DELETE', `/v1/users/passkeys/${passkey.id}`],
      ['POST', '/v1/users/two_factor/totp'],
      ['POST', '/v1/users/two_factor/totp/confirm', { code: '123456' }],
      ['DELETE', '/v1/users/two_factor/totp'],
      ['POST', '/v1/users/two_factor/recovery_codes'],
    ];
    for (const [method, url, payload] of refused) {
      const answer = await call(method, url, owner.headers, payload);
      expect(answer.statusCode, `${method} ${url}`).toBe(403);
      // Not "prove your factor first": the actor's own factor would not make this theirs to do.
      expect(answer.json(), `${method} ${url}`).toEqual(expect.objectContaining({ message: loginAsMessages.noSignInFactors }));
      expect(answer.json().fresh_factor_required, `${method} ${url}`).toBeUndefined();
    }

    // The person's factors are as they were, and the acting session still reads them.
    expect((await call('GET', '/v1/users/passkeys', owner.headers)).json().data).toEqual([expect.objectContaining({ id: passkey.id })]);
    expect((await call('GET', '/v1/users/two_factor', teammate.headers)).json()).toMatchObject({ totp_enabled: false, passkeys: 1 });

    // Each refused attempt is on the audit log with both people.
    const refusals = await ctx.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.user_id, teammate.user.id), eq(auditLog.actor_user_id, owner.user.id), eq(auditLog.status_code, 403)));
    expect(refusals.length).toBeGreaterThanOrEqual(refused.length);
  });

  it("refuses changing the organization's two-factor requirement while acting, as any role", async () => {
    const { owner } = await actingOnTeammateWithPasskey();
    for (const required of [true, false]) {
      const answer = await call('PUT', '/v1/users/two_factor/organization', owner.headers, { required });
      expect(answer.statusCode, answer.body).toBe(403);
      expect(answer.json().message).toBe(loginAsMessages.noSignInRules);
    }
  });

  it('leaves the person, signed in as themselves, free to remove their own passkey', async () => {
    const { teammate, passkey } = await actingOnTeammateWithPasskey();
    const removed = await call('DELETE', `/v1/users/passkeys/${passkey.id}`, teammate.headers);
    expect(removed.statusCode, removed.body).toBe(200);
  });
});
