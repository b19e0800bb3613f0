import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { twoFactorMessages } from '@crewpay/core';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { PASSWORD, createOwner, readOutbox } from '../../../test/fixtures.ts';
import { enrolTotp, nextTimeStep, staleFactor, totpCode } from '../../../test/two-factor-fixtures.ts';
import { auditLog } from '../../db/schema/index.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

type Headers = Record<string, string>;
const call = (method: 'GET' | 'POST', url: string, headers: Headers = {}, payload?: unknown) =>
  ctx.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
// Every guess from a new address, as an attacker with many addresses would: the (account, IP) back-off never bites.
let address = 0;
const signIn = (email: string, code: string) =>
  call('POST', '/v1/users/signin', { 'x-forwarded-for': `192.0.2.${++address % 250}` }, { email, password: PASSWORD, code });

async function enrolledOwner() {
  const owner = await createOwner(ctx.app);
  const enrolled = await enrolTotp(ctx.app, owner.headers);
  await nextTimeStep(ctx.app, owner.user.id);
  return { ...owner, ...enrolled };
}

const auditActions = async (userId: string) =>
  (await ctx.deps.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.user_id, userId))).map((row) => row.action);
const lockEmails = async (to: string) =>
  (await readOutbox(ctx.app)).filter((email) => email.to === to && /codes are locked/.test(email.subject));
/** The lock's end as if its time had come. */
const endLock = (userId: string) =>
  ctx.deps.db.execute(sql`UPDATE second_factor_locks SET locked_until = now() - interval '1 second' WHERE user_id = ${userId}`);
const lockedUntil = async (userId: string) =>
  new Date(
    String(
      (await ctx.deps.db.execute<{ until: string }>(sql`SELECT locked_until AS until FROM second_factor_locks WHERE user_id = ${userId}`))
        .rows[0]?.until,
    ),
  );

describe('second-step throttling (issue 40, finding 9)', () => {
  it('locks the codes after 5 wrong ones, from any address: even the right code is refused, the person is emailed, it is audited', async () => {
    const owner = await enrolledOwner();
    const email = owner.user.email;
    for (let guess = 0; guess < 5; guess++) {
      const wrong = await signIn(email, String(100000 + guess));
      expect(wrong.statusCode, wrong.body).toBe(401);
      expect(wrong.json()).toMatchObject({ message: twoFactorMessages.wrongCode, field: 'code' });
    }
    const locked = await signIn(email, await totpCode(owner.secret));
    expect(locked.statusCode, locked.body).toBe(429);
    expect(locked.json()).toMatchObject({ code: 'rate_limited', field: 'code' });
    expect(locked.json().message).toMatch(
      /^Too many wrong codes: two-factor codes for this account are locked until \d{4}-\d\d-\d\d \d\d:\d\d UTC/,
    );
    // A recovery code is a code too.
    expect((await signIn(email, owner.recovery_codes[0]!)).statusCode).toBe(429);

    const [notice, ...more] = await lockEmails(email);
    expect(more).toEqual([]);
    expect(notice!.text).toContain('5 wrong two-factor codes');
    expect(notice!.text).toContain('change your password');
    expect(await auditActions(owner.user.id)).toContain('two_factor.locked');

    await endLock(owner.user.id);
    const after = await signIn(email, await totpCode(owner.secret));
    expect(after.statusCode, after.body).toBe(200);
  });

  it('locks for longer each time until a right code: a day holds a few dozen guesses, not 1,200', async () => {
    const owner = await enrolledOwner();
    const email = owner.user.email;
    let guesses = 0;
    for (let round = 0; round < 3; round++) {
      for (let attempt = 0; attempt < 8; attempt++) {
        const response = await signIn(email, String(200000 + guesses));
        if (response.statusCode === 401) guesses += 1;
        else expect(response.statusCode).toBe(429);
      }
      const hours = (await lockedUntil(owner.user.id)).getTime() - Date.now();
      expect(hours / 3_600_000).toBeCloseTo(2 ** round, 1);
      await endLock(owner.user.id);
    }
    // Five guesses a lock, and the locks double (1 h, 2 h, 4 h ... at most a day).
    expect(guesses).toBe(15);
    expect(await lockEmails(email)).toHaveLength(3);
  });

  it('shares the lock with the fresh-factor check of a signed-in session (re-verify)', async () => {
    const owner = await enrolledOwner();
    await staleFactor(ctx.app, owner.user.id);
    for (let guess = 0; guess < 5; guess++) {
      const wrong = await call('POST', '/v1/users/two_factor/verify', owner.headers, { code: String(300000 + guess) });
      expect(wrong.statusCode, wrong.body).toBe(400);
    }
    const locked = await call('POST', '/v1/users/two_factor/verify', owner.headers, { code: await totpCode(owner.secret) });
    expect(locked.statusCode, locked.body).toBe(429);
    expect((await signIn(owner.user.email, await totpCode(owner.secret))).statusCode).toBe(429);
  });
});
