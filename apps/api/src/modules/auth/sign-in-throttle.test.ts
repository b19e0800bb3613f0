import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { PASSWORD, signUp, uniqueEmail } from '../../../test/fixtures.ts';
import { RATE_LIMITED_MESSAGE, rateLimits } from '../../lib/rate-limit.ts';
import { DEVICE_COOKIE } from './device.ts';
import { backoffSeconds, pairKey, signInBackoff } from './throttle.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

const WRONG = 'Wrong-passw0rd!';
const signIn = (email: string, password: string, from: { ip: string; cookie?: string }) =>
  ctx.app.inject({
    method: 'POST',
    url: '/v1/users/signin',
    payload: { email, password },
    headers: { 'x-forwarded-for': from.ip, ...(from.cookie ? { cookie: from.cookie } : {}) },
  });
const statuses = async (count: number, attempt: () => Promise<{ statusCode: number }>) => {
  const answers: number[] = [];
  for (let index = 0; index < count; index++) answers.push((await attempt()).statusCode);
  return answers;
};

/** Signs in once from `ip` and answers the known-device cookie the answer set. */
async function knownDevice(email: string, ip: string): Promise<string> {
  const response = await signIn(email, PASSWORD, { ip });
  expect(response.statusCode, response.body).toBe(200);
  const cookie = String(response.headers['set-cookie']).split(';')[0]!;
  expect(cookie.startsWith(`${DEVICE_COOKIE}=`)).toBe(true);
  return cookie;
}

/** Moves the pair's last attempt `seconds` into the past, as waiting that long would. */
const wait = (email: string, ip: string, seconds: number) =>
  ctx.deps.db.execute(
    sql`UPDATE sign_in_backoffs SET last_failed_at = last_failed_at - make_interval(secs => ${seconds}::float8) WHERE key = ${pairKey(email, ip)}`,
  );

describe('POST /v1/users/signin: throttling', () => {
  it('lets the right password from a known device through after 10 wrong ones from the same address', async () => {
    const email = uniqueEmail('office');
    await signUp(ctx.app, email);
    const office = '203.0.113.10';
    const cookie = await knownDevice(email, office);
    const wrong = await statuses(10, () => signIn(email, WRONG, { ip: office }));
    expect(wrong.slice(0, signInBackoff.freeAttempts)).toEqual(Array(signInBackoff.freeAttempts).fill(401));
    expect(wrong.at(-1)).toBe(429);

    const stranger = await signIn(email, PASSWORD, { ip: office });
    expect(stranger.statusCode).toBe(429);
    expect(stranger.json()).toEqual({ message: RATE_LIMITED_MESSAGE, code: 'rate_limited' });
    const fromKnownDevice = await signIn(email, PASSWORD, { ip: office, cookie });
    expect(fromKnownDevice.statusCode, fromKnownDevice.body).toBe(200);
    // Elsewhere, the pair of this account and another address starts from nothing.
    expect((await signIn(email, PASSWORD, { ip: '203.0.113.11' })).statusCode).toBe(200);
  });

  it('sets the device cookie HttpOnly, SameSite=Strict, for the sign-in call only, for a year', async () => {
    const email = uniqueEmail();
    await signUp(ctx.app, email);
    const response = await signIn(email, PASSWORD, { ip: '203.0.113.12' });
    const header = String(response.headers['set-cookie']);
    expect(header).toMatch(new RegExp(`^${DEVICE_COOKIE}=d1\\.[^;]+; Path=/v1/users/signin; Max-Age=31536000; HttpOnly; SameSite=Strict$`));
    // A refused attempt without a cookie gets a device cookie too, naming no account (a new browser).
    const wrong = await signIn(email, WRONG, { ip: '203.0.113.12' });
    const given = String(wrong.headers['set-cookie']);
    expect(given).toMatch(
      new RegExp(`^${DEVICE_COOKIE}=d1\\.[^.;]+\\.\\.\\d+\\.[^;]+; Path=/v1/users/signin; Max-Age=31536000; HttpOnly; SameSite=Strict$`),
    );
    // With it, the next refused attempt gets no other.
    const again = await signIn(email, WRONG, { ip: '203.0.113.12', cookie: given.split(';')[0]! });
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  it('backs off exponentially: each wait after the free attempts is twice the one before', async () => {
    expect([0, 1, 4, 5, 6, 7, 8, 14, 40].map(backoffSeconds)).toEqual([0, 0, 0, 2, 4, 8, 16, 900, 900]);
    const email = uniqueEmail('guessed');
    await signUp(ctx.app, email);
    const ip = '203.0.113.20';
    expect(await statuses(signInBackoff.freeAttempts, () => signIn(email, WRONG, { ip }))).toEqual([401, 401, 401, 401, 401]);
    expect((await signIn(email, PASSWORD, { ip })).statusCode).toBe(429);

    await wait(email, ip, 2.5);
    expect((await signIn(email, WRONG, { ip })).statusCode).toBe(401);
    expect((await signIn(email, WRONG, { ip })).statusCode).toBe(429);
    // The next wait is 4 s: 2.5 s is no longer enough.
    await wait(email, ip, 2.5);
    expect((await signIn(email, WRONG, { ip })).statusCode).toBe(429);
    await wait(email, ip, 2);
    expect((await signIn(email, PASSWORD, { ip })).statusCode).toBe(200);
    // A success starts the pair over.
    expect(await statuses(signInBackoff.freeAttempts, () => signIn(email, WRONG, { ip }))).toEqual([401, 401, 401, 401, 401]);
  });

  it('throttles a known device on its own: wrong passwords with its cookie wait too', async () => {
    const email = uniqueEmail();
    await signUp(ctx.app, email);
    const ip = '203.0.113.30';
    const cookie = await knownDevice(email, ip);
    expect(await statuses(signInBackoff.freeAttempts, () => signIn(email, WRONG, { ip, cookie }))).toEqual([401, 401, 401, 401, 401]);
    expect((await signIn(email, PASSWORD, { ip, cookie })).statusCode).toBe(429);
    // Its failures were not the stranger's: the pair without the cookie is untouched.
    expect((await signIn(email, PASSWORD, { ip })).statusCode).toBe(200);
  });

  it("treats another account's device cookie, or a forged one, as no known device: the account's ceiling still holds", async () => {
    const victim = uniqueEmail('victim');
    const victimSession = await signUp(ctx.app, victim);
    const attacker = uniqueEmail('attacker');
    await signUp(ctx.app, attacker);
    const ip = '203.0.113.40';
    const attackerCookie = await knownDevice(attacker, ip);
    await statuses(signInBackoff.freeAttempts, () => signIn(victim, WRONG, { ip }));
    // A forged cookie is no cookie: the (account, IP) pair is backed off.
    const [name, value] = attackerCookie.split('=');
    const parts = value!.split('.');
    parts[2] = victimSession.user.id;
    expect((await signIn(victim, PASSWORD, { ip, cookie: `${name}=${parts.join('.')}` })).statusCode).toBe(429);
    // Another account's device is a device of its own for the victim, counted toward the victim's ceiling.
    for (let index = signInBackoff.freeAttempts; index < rateLimits.signInFailuresPerAccount.max; index++) {
      await signIn(victim, WRONG, { ip: `198.18.2.${index + 1}` });
    }
    expect((await signIn(victim, PASSWORD, { ip, cookie: attackerCookie })).statusCode).toBe(429);
  }, 120_000);

  it('never blocks an office: one address, many people signing in all day (and mistyping now and then)', async () => {
    const office = '203.0.113.50';
    const people: string[] = [];
    for (let index = 0; index < 10; index++) people.push((await signUp(ctx.app, uniqueEmail(`staff${index}`))).user.email);
    const answers: number[] = [];
    for (let round = 0; round < 15; round++) {
      for (const [index, email] of people.entries()) {
        if ((round + index) % 7 === 0) expect((await signIn(email, WRONG, { ip: office })).statusCode).toBe(401);
        answers.push((await signIn(email, PASSWORD, { ip: office })).statusCode);
      }
    }
    expect(answers).toHaveLength(150);
    expect(answers.every((status) => status === 200)).toBe(true);
  });

  it(`stops credential stuffing: ${rateLimits.signInFailuresPerIp.max} failures from one address in an hour close it to strangers`, async () => {
    const email = uniqueEmail('stuffed');
    await signUp(ctx.app, email);
    const ip = '203.0.113.60';
    const cookie = await knownDevice(email, ip);
    const failures = await statuses(rateLimits.signInFailuresPerIp.max, () => signIn(uniqueEmail('list'), WRONG, { ip }));
    expect(failures.every((status) => status === 401)).toBe(true);
    expect((await signIn(uniqueEmail('list'), WRONG, { ip })).statusCode).toBe(429);
    expect((await signIn(email, PASSWORD, { ip })).statusCode).toBe(429);
    expect((await signIn(email, PASSWORD, { ip, cookie })).statusCode).toBe(200);
    expect((await signIn(email, PASSWORD, { ip: '203.0.113.61' })).statusCode).toBe(200);
  });

  it(`stops guessing one account from many addresses after ${rateLimits.signInFailuresPerAccount.max} failures, but not its known devices`, async () => {
    const email = uniqueEmail('targeted');
    await signUp(ctx.app, email);
    const cookie = await knownDevice(email, '203.0.113.70');
    for (let index = 0; index < rateLimits.signInFailuresPerAccount.max; index++) {
      expect((await signIn(email, WRONG, { ip: `198.18.0.${index + 1}` })).statusCode).toBe(401);
    }
    expect((await signIn(email, PASSWORD, { ip: '198.18.1.1' })).statusCode).toBe(429);
    expect((await signIn(email, PASSWORD, { ip: '198.18.1.1', cookie })).statusCode).toBe(200);
  });
});

describe('POST /v1/users/signin: shared addresses and new devices (issue 40, finding 15)', () => {
  /** A browser's cookie jar: it sends back the device cookie it was given. */
  function browser(ip: string) {
    let cookie: string | undefined;
    return {
      async signIn(email: string, password: string) {
        const response = await signIn(email, password, { ip, ...(cookie ? { cookie } : {}) });
        const given = response.headers['set-cookie'];
        if (given) cookie = String(given).split(';')[0];
        return response;
      },
    };
  }

  it("lets a new device in where other people's browsers failed more than the address's ceiling", async () => {
    const office = '203.0.113.150';
    const colleagues = Array.from({ length: 22 }, () => browser(office));
    let failures = 0;
    for (const colleague of colleagues) {
      for (let attempt = 0; attempt < 10; attempt++) {
        // Each colleague mistypes their own password, or tries a few accounts they think they have.
        if ((await colleague.signIn(uniqueEmail('colleague'), WRONG)).statusCode === 401) failures += 1;
      }
    }
    expect(failures).toBeGreaterThan(rateLimits.signInFailuresPerIp.max);

    const email = uniqueEmail('newlaptop');
    await signUp(ctx.app, email);
    const newLaptop = await signIn(email, PASSWORD, { ip: office });
    expect(newLaptop.statusCode, newLaptop.body).toBe(200);
  }, 120_000);

  it('keys the back-off per account and device: one device guessing an account does not lock its owner out at the same address', async () => {
    const email = uniqueEmail('shared');
    await signUp(ctx.app, email);
    const office = '203.0.113.151';
    const guesser = browser(office);
    const answers = await statuses(signInBackoff.freeAttempts + 2, () => guesser.signIn(email, WRONG));
    expect(answers.slice(0, signInBackoff.freeAttempts)).toEqual(Array(signInBackoff.freeAttempts).fill(401));
    expect(answers.at(-1)).toBe(429);
    expect((await guesser.signIn(email, PASSWORD)).statusCode).toBe(429);

    const owner = await signIn(email, PASSWORD, { ip: office });
    expect(owner.statusCode, owner.body).toBe(200);
  });
});
