import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { authHeaders, createOwner, latestLinkId, PASSWORD, uniqueEmail } from '../../test/fixtures.ts';
import { REQUESTS_LIMITED_MESSAGE } from './request-limit.ts';

// Small limits for this file only: 4 signed-in requests and 3 anonymous ones a minute.
const SIGNED_IN_MAX = 4;
const ANONYMOUS_MAX = 3;
let ctx: TestContext;
let secondInstance: FastifyInstance;

beforeAll(async () => {
  ctx = await createTestContext({ RATE_LIMIT_SIGNED_IN_MAX: String(SIGNED_IN_MAX), RATE_LIMIT_ANONYMOUS_MAX: String(ANONYMOUS_MAX) });
  // Another API instance on the same database, as a second server behind a load balancer.
  secondInstance = await buildApp(ctx.deps);
  await secondInstance.ready();
});
afterAll(() => secondInstance.close());

const getUser = (app: FastifyInstance, headers: Record<string, string>) => app.inject({ method: 'GET', url: '/v1/user', headers });
const getMeta = (app: FastifyInstance, ip: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url: '/v1/meta', headers: { 'x-forwarded-for': ip, ...headers } });

/** Signs up from its own address: the form and the emailed link are two anonymous calls, inside the limit of 3. */
async function signUpFrom(ip: string) {
  const email = uniqueEmail('burst');
  const headers = { 'x-forwarded-for': ip };
  const answer = await ctx.app.inject({ method: 'POST', url: '/v1/users/signup', headers, payload: { email, password: PASSWORD } });
  expect(answer.statusCode, answer.body).toBe(200);
  const id = await latestLinkId(ctx.app, email, '/confirmSignup/');
  const confirmed = await ctx.app.inject({ method: 'POST', url: '/v1/users/signup/confirm', headers, payload: { id } });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return confirmed.json<{ auth_token: string }>();
}

describe('the API-wide rate limit', () => {
  it('answers 429 with Retry-After once an address passes the anonymous limit, and other addresses go on', async () => {
    for (let call = 1; call <= ANONYMOUS_MAX; call += 1) {
      const answer = await getMeta(ctx.app, '198.51.100.61');
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['x-ratelimit-remaining']).toBe(String(ANONYMOUS_MAX - call));
    }
    const refused = await getMeta(ctx.app, '198.51.100.61');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: REQUESTS_LIMITED_MESSAGE, code: 'rate_limited' });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect((await getMeta(ctx.app, '198.51.100.62')).statusCode).toBe(200);
  });

  it('counts each session on its own, not the address they share', async () => {
    const owner = await createOwner(ctx.app); // one signed-in request (POST /v1/org) counted
    const signIn = await ctx.app.inject({
      method: 'POST',
      url: '/v1/users/signin',
      payload: { email: owner.user.email, password: PASSWORD },
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    const secondSession = authHeaders(signIn.json<{ auth_token: string }>().auth_token);

    for (let call = 2; call <= SIGNED_IN_MAX; call += 1) expect((await getUser(ctx.app, owner.headers)).statusCode).toBe(200);
    const refused = await getUser(ctx.app, owner.headers);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // The same user's other session, from the same address, has its own count.
    expect((await getUser(ctx.app, secondSession)).statusCode).toBe(200);
    expect((await getUser(ctx.app, secondSession)).headers['x-ratelimit-remaining']).toBe(String(SIGNED_IN_MAX - 2));
  });

  it('shares one count between two instances of the API', async () => {
    const session = await signUpFrom('198.51.100.67');
    const headers = authHeaders(session.auth_token);
    const instances = [ctx.app, secondInstance, ctx.app, secondInstance];
    for (const app of instances) expect((await getUser(app, headers)).statusCode).toBe(200);
    expect((await getUser(secondInstance, headers)).statusCode).toBe(429);
    expect((await getUser(ctx.app, headers)).statusCode).toBe(429);
  });

  it('counts calls that arrive together exactly, several sessions in one batch', async () => {
    // Each signs up from its own address: sign-ups count against the anonymous limit of 3.
    const [first, second] = await Promise.all([signUpFrom('198.51.100.65'), signUpFrom('198.51.100.66')]);
    const burst = (session: { auth_token: string }, calls: number) =>
      Array.from({ length: calls }, () => getUser(ctx.app, authHeaders(session.auth_token)));
    // Both sessions at once, the first past its limit: the lookups go out in batches (session-lookups.ts).
    const [answersA, answersB, nobody] = await Promise.all([
      Promise.all(burst(first!, SIGNED_IN_MAX + 3)),
      Promise.all(burst(second!, SIGNED_IN_MAX - 1)),
      getUser(ctx.app, { 'auth-token': 'not-a-session-burst', 'x-forwarded-for': '198.51.100.64' }),
    ]);
    expect(nobody.statusCode).toBe(401);
    const remaining = (answers: { statusCode: number; headers: Record<string, unknown> }[]) =>
      answers.filter((answer) => answer.statusCode === 200).map((answer) => Number(answer.headers['x-ratelimit-remaining']));
    expect(answersA.filter((answer) => answer.statusCode === 429)).toHaveLength(3);
    expect(remaining(answersA).sort()).toEqual([0, 1, 2, 3]);
    expect(answersB.every((answer) => answer.statusCode === 200)).toBe(true);
    expect(remaining(answersB).sort()).toEqual([1, 2, 3]);
    expect(answersB.every((answer) => answer.json<{ email: string }>().email === answersB[0]!.json<{ email: string }>().email)).toBe(true);
    expect(answersB[0]!.json<{ email: string }>().email).not.toBe(answersA[0]!.json<{ email: string }>().email);
  });

  it('counts a token that matches no session against the address too', async () => {
    const madeUp = (index: number) => ({ 'auth-token': `not-a-session-${index}` });
    for (let index = 0; index < ANONYMOUS_MAX; index += 1) {
      expect((await getMeta(ctx.app, '198.51.100.63', madeUp(index))).statusCode).toBe(200);
    }
    expect((await getMeta(ctx.app, '198.51.100.63', madeUp(99))).statusCode).toBe(429);
  });

  it("keeps no rate-limit row for a made-up session token or API key, only its address's (issue 40, finding 12)", async () => {
    const rows = async () => Number((await ctx.deps.db.execute(sql`SELECT count(*) AS n FROM rate_limit_buckets`)).rows[0]!.n);
    const before = await rows();
    for (let index = 0; index < 20; index++) {
      await getMeta(ctx.app, '203.0.113.99', { 'auth-token': `made-up-${index}-${Math.random()}` });
      await getMeta(ctx.app, '203.0.113.99', { authorization: `Bearer cp_live_madeup${index}${Math.random().toString(36).slice(2)}` });
    }
    // The address's own window, and nothing per token.
    expect(await rows()).toBe(before + 1);
  });

  it('takes its limits from RATE_LIMIT_* and refuses a bad value by name', () => {
    const config = loadConfig({ RATE_LIMIT_SIGNED_IN_MAX: '100', RATE_LIMIT_ANONYMOUS_MAX: '20', RATE_LIMIT_WINDOW_SECONDS: '10' });
    expect(config.requestLimits).toEqual({ signedInMax: 100, anonymousMax: 20, windowSeconds: 10, signUpsPerIp: 20 });
    expect(loadConfig({}).requestLimits).toEqual({ signedInMax: 6000, anonymousMax: 1200, windowSeconds: 60, signUpsPerIp: 20 });
    expect(() => loadConfig({ RATE_LIMIT_WINDOW_SECONDS: '0' })).toThrow(/RATE_LIMIT_WINDOW_SECONDS/);
  });
});
