import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { messages } from '@crewpay/core';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { PASSWORD, authHeaders, latestLinkId, readOutbox, signUp, uniqueEmail } from '../../../test/fixtures.ts';
import { expiringLinks } from '../../db/schema/index.ts';
import { hashToken } from '../../lib/tokens.ts';
import { rateLimits } from '../../lib/rate-limit.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

const requestReset = (email: string, ip = '198.51.100.1') =>
  ctx.app.inject({ method: 'PUT', url: '/v1/users/password/reset', payload: { email }, headers: { 'x-forwarded-for': ip } });
const setPassword = (linkId: string, password: string) =>
  ctx.app.inject({ method: 'POST', url: `/v1/expiring_link?id=${encodeURIComponent(linkId)}`, payload: { password } });
const signIn = (email: string, password: string) =>
  ctx.app.inject({ method: 'POST', url: '/v1/users/signin', payload: { email, password } });

describe('PUT /v1/users/password/reset', () => {
  it('emails a one-use /resetPassword/{linkId} link to an existing account', async () => {
    const email = uniqueEmail();
    await signUp(ctx.app, email);
    const response = await requestReset(email.toUpperCase());
    expect(response.json()).toEqual({ message: 'Request has been sent, check your email!' });
    const sent = (await readOutbox(ctx.app)).filter((mail) => mail.to === email).at(-1);
    expect(sent?.subject).toBe('Reset your Crewpay password');
    expect(sent?.status).toBe('sent');
    expect(sent?.links[0]).toMatch(/^http:\/\/crewpay\.test\/resetPassword\/[A-Za-z0-9_-]{43}$/);
  });

  it('answers the same for an unknown email and sends nothing', async () => {
    const before = (await readOutbox(ctx.app)).length;
    const response = await requestReset(uniqueEmail('nobody'));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Request has been sent, check your email!' });
    expect((await readOutbox(ctx.app)).length).toBe(before);
  });

  it('refuses an invalid email', async () => {
    const response = await requestReset('not-an-email');
    expect(response.json()).toEqual({ message: messages.email, code: 'validation_error', field: 'email' });
  });

  it(`rate-limits an email after ${rateLimits.resetPerEmail.max} requests`, async () => {
    const email = uniqueEmail();
    await signUp(ctx.app, email);
    for (let count = 0; count < rateLimits.resetPerEmail.max; count++)
      expect((await requestReset(email, '198.51.100.20')).statusCode).toBe(200);
    const blocked = await requestReset(email, '198.51.100.21');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe('rate_limited');
  });

  it(`rate-limits an IP after ${rateLimits.resetPerIp.max} requests`, async () => {
    for (let count = 0; count < rateLimits.resetPerIp.max; count++)
      expect((await requestReset(uniqueEmail(), '198.51.100.30')).statusCode).toBe(200);
    expect((await requestReset(uniqueEmail(), '198.51.100.30')).statusCode).toBe(429);
  });
});

describe('GET and POST /v1/expiring_link', () => {
  it('describes a usable link, sets the new password once, signs the person in and ends old sessions', async () => {
    const email = uniqueEmail();
    const oldSession = await signUp(ctx.app, email);
    await requestReset(email);
    const linkId = await latestLinkId(ctx.app, email, '/resetPassword/');

    const info = await ctx.app.inject({ method: 'GET', url: `/v1/expiring_link?id=${linkId}` });
    expect(info.json()).toMatchObject({ type: 'password_reset', email });

    const response = await setPassword(linkId, 'Br4nd-new-pass');
    expect(response.statusCode).toBe(200);
    expect(response.json().user.email).toBe(email);
    const me = await ctx.app.inject({ method: 'GET', url: '/v1/user', headers: authHeaders(response.json().auth_token) });
    expect(me.statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/v1/user', headers: authHeaders(oldSession.auth_token) })).statusCode).toBe(401);
    expect((await signIn(email, PASSWORD)).statusCode).toBe(401);
    expect((await signIn(email, 'Br4nd-new-pass')).statusCode).toBe(200);
  });

  it('refuses a link used once already', async () => {
    const email = uniqueEmail();
    await signUp(ctx.app, email);
    await requestReset(email);
    const linkId = await latestLinkId(ctx.app, email, '/resetPassword/');
    expect((await setPassword(linkId, 'Br4nd-new-pass')).statusCode).toBe(200);
    const reused = await setPassword(linkId, 'An0ther-pass!');
    expect(reused.statusCode).toBe(410);
    expect(reused.json()).toEqual({ message: 'Sorry! This link is no longer valid.', code: 'gone' });
    expect((await signIn(email, 'An0ther-pass!')).statusCode).toBe(401);
  });

  it('lets only one of two simultaneous uses of a link through', async () => {
    const email = uniqueEmail();
    await signUp(ctx.app, email);
    await requestReset(email);
    const linkId = await latestLinkId(ctx.app, email, '/resetPassword/');
    const answers = await Promise.all([setPassword(linkId, 'First-pass1!'), setPassword(linkId, 'Second-pass1!')]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 410]);
  });

  it('refuses an expired link', async () => {
    const email = uniqueEmail();
    await signUp(ctx.app, email);
    await requestReset(email);
    const linkId = await latestLinkId(ctx.app, email, '/resetPassword/');
    await ctx.deps.db
      .update(expiringLinks)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(expiringLinks.token_hash, hashToken(linkId)));
    const response = await setPassword(linkId, 'Br4nd-new-pass');
    expect(response.statusCode).toBe(410);
    expect((await ctx.app.inject({ method: 'GET', url: `/v1/expiring_link?id=${linkId}` })).statusCode).toBe(410);
  });

  it('refuses an unknown link and a weak password', async () => {
    expect((await setPassword('made-up-link', 'Br4nd-new-pass')).json()).toEqual({
      message: 'Sorry! This link is no longer valid.',
      code: 'gone',
    });
    const email = uniqueEmail();
    await signUp(ctx.app, email);
    await requestReset(email);
    const linkId = await latestLinkId(ctx.app, email, '/resetPassword/');
    const weak = await setPassword(linkId, 'short');
    expect(weak.json()).toEqual({ message: messages.password, code: 'validation_error', field: 'password' });
    // A refused attempt does not use the link up.
    expect((await setPassword(linkId, 'Br4nd-new-pass')).statusCode).toBe(200);
  });

  it('stores only the hash of a link id', async () => {
    const email = uniqueEmail();
    await signUp(ctx.app, email);
    await requestReset(email);
    const linkId = await latestLinkId(ctx.app, email, '/resetPassword/');
    const rows = await ctx.deps.db.select().from(expiringLinks);
    expect(JSON.stringify(rows)).not.toContain(linkId);
  });
});
