import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { accountMessages, messages } from '@crewpay/core';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { PASSWORD, authHeaders, createOwner, latestLinkId, readOutbox, signUp, uniqueEmail } from '../../../test/fixtures.ts';
import { expiringLinks } from '../../db/schema/index.ts';
import { hashToken } from '../../lib/tokens.ts';
import { rateLimits } from '../../lib/rate-limit.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

type Headers = Record<string, string>;
const changeEmail = (headers: Headers, payload: object) => ctx.app.inject({ method: 'PUT', url: '/v1/users/email', headers, payload });
const confirm = (id: string) => ctx.app.inject({ method: 'POST', url: '/v1/users/email/confirm', payload: { id } });
const signIn = (email: string, password = PASSWORD) =>
  ctx.app.inject({ method: 'POST', url: '/v1/users/signin', payload: { email, password } });
const me = async (headers: Headers) => (await ctx.app.inject({ method: 'GET', url: '/v1/user', headers })).json<{ email: string }>();
const subjectsTo = async (email: string) => (await readOutbox(ctx.app)).filter((mail) => mail.to === email).map((mail) => mail.subject);

async function account() {
  const email = uniqueEmail('old');
  const session = await signUp(ctx.app, email);
  return { email, id: session.user.id, headers: authHeaders(session.auth_token) };
}

describe('PUT /v1/users/email', () => {
  it('needs the current password; the change waits for the new address to confirm, and the old one is told', async () => {
    const { email, headers } = await account();
    const newEmail = uniqueEmail('new');
    const missing = await changeEmail(headers, { email: newEmail });
    expect(missing.json()).toEqual({ message: messages.required, code: 'validation_error', field: 'current_password' });
    const wrong = await changeEmail(headers, { email: newEmail, current_password: 'Not-it-1!' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: accountMessages.wrongPassword, field: 'current_password' });

    const asked = await changeEmail(headers, { email: newEmail.toUpperCase(), current_password: PASSWORD });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toEqual({ message: accountMessages.emailChangeSent });
    expect((await me(headers)).email).toBe(email);
    expect((await signIn(newEmail)).statusCode).toBe(401);
    expect(await subjectsTo(newEmail)).toEqual(['Confirm your new Crewpay email address']);
    expect(await subjectsTo(email)).toEqual(['Finish signing up for Crewpay', 'A change of your Crewpay email address was requested']);

    const linkId = await latestLinkId(ctx.app, newEmail, '/confirmEmail/');
    expect(linkId).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const confirmed = await confirm(linkId);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({ message: accountMessages.emailChanged, email: newEmail });
    expect((await me(headers)).email).toBe(newEmail);
    expect((await signIn(newEmail)).statusCode).toBe(200);
    expect((await signIn(email)).statusCode).toBe(401);
    expect((await subjectsTo(email)).at(-1)).toBe('Your Crewpay email address was changed');
  });

  it('the link works once, expires, and a newer request ends the older link', async () => {
    const { headers } = await account();
    const firstAddress = uniqueEmail('first');
    await changeEmail(headers, { email: firstAddress, current_password: PASSWORD });
    const older = await latestLinkId(ctx.app, firstAddress, '/confirmEmail/');
    const secondAddress = uniqueEmail('second');
    await changeEmail(headers, { email: secondAddress, current_password: PASSWORD });
    const newer = await latestLinkId(ctx.app, secondAddress, '/confirmEmail/');
    expect((await confirm(older)).json()).toEqual({ message: accountMessages.invalidLink, code: 'gone' });

    await ctx.deps.db
      .update(expiringLinks)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(expiringLinks.token_hash, hashToken(newer)));
    expect((await confirm(newer)).statusCode).toBe(410);

    const thirdAddress = uniqueEmail('third');
    await changeEmail(headers, { email: thirdAddress, current_password: PASSWORD });
    const third = await latestLinkId(ctx.app, thirdAddress, '/confirmEmail/');
    expect((await confirm(third)).statusCode).toBe(200);
    expect((await confirm(third)).statusCode).toBe(410);
    expect((await me(headers)).email).toBe(thirdAddress);
  });

  it('answers the same for an address that already has an account, changes nothing, and tells that address', async () => {
    const { email, headers } = await account();
    const taken = uniqueEmail('taken');
    await signUp(ctx.app, taken);
    const asked = await changeEmail(headers, { email: taken, current_password: PASSWORD });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({ message: accountMessages.emailChangeSent });
    expect((await subjectsTo(taken)).at(-1)).toBe('Your email address was not changed');
    expect((await readOutbox(ctx.app)).filter((mail) => mail.to === taken).flatMap((mail) => mail.links)).not.toEqual(
      expect.arrayContaining([expect.stringContaining('/confirmEmail/')]),
    );
    expect((await me(headers)).email).toBe(email);
  });

  it('refuses your current address, no session, and someone acting as you', async () => {
    const { email, headers } = await account();
    const same = await changeEmail(headers, { email, current_password: PASSWORD });
    expect(same.json()).toEqual({ message: accountMessages.sameEmail, code: 'validation_error', field: 'email' });
    expect((await changeEmail({}, { email: uniqueEmail(), current_password: PASSWORD })).statusCode).toBe(401);

    const owner = await createOwner(ctx.app);
    await ctx.app.inject({ method: 'PUT', url: '/v1/org/plan', headers: owner.headers, payload: { plan: 'standard' } });
    const teammateEmail = uniqueEmail('teammate');
    const invited = await ctx.app.inject({
      method: 'POST',
      url: '/v1/users',
      headers: owner.headers,
      payload: { email: teammateEmail, role: 'collaborator' },
    });
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/v1/users/loginas', headers: owner.headers, payload: { user_id: invited.json().id } }))
        .statusCode,
    ).toBe(200);
    const acting = await changeEmail(owner.headers, { email: uniqueEmail(), current_password: PASSWORD });
    expect(acting.statusCode).toBe(403);
  });

  it(`checks the password at most ${rateLimits.emailChangePerUser.max} times an hour`, async () => {
    const { headers } = await account();
    for (let count = 0; count < rateLimits.emailChangePerUser.max; count++) {
      expect((await changeEmail(headers, { email: uniqueEmail(), current_password: `Guess-${count}!` })).statusCode).toBe(400);
    }
    expect((await changeEmail(headers, { email: uniqueEmail(), current_password: PASSWORD })).statusCode).toBe(429);
  });
});

describe('links around an email change', () => {
  it('a confirmed change ends reset links sent to the old address; a password change ends a pending change', async () => {
    const { email, headers } = await account();
    await ctx.app.inject({ method: 'PUT', url: '/v1/users/password/reset', payload: { email } });
    const resetLink = await latestLinkId(ctx.app, email, '/resetPassword/');
    const newEmail = uniqueEmail('moved');
    await changeEmail(headers, { email: newEmail, current_password: PASSWORD });
    expect((await confirm(await latestLinkId(ctx.app, newEmail, '/confirmEmail/'))).statusCode).toBe(200);
    const reset = await ctx.app.inject({
      method: 'POST',
      url: `/v1/expiring_link?id=${resetLink}`,
      payload: { password: 'Hij4cked-pass!' },
    });
    expect(reset.statusCode).toBe(410);

    const pendingAddress = uniqueEmail('pending');
    await changeEmail(headers, { email: pendingAddress, current_password: PASSWORD });
    const pending = await latestLinkId(ctx.app, pendingAddress, '/confirmEmail/');
    const changed = await ctx.app.inject({
      method: 'PUT',
      url: '/v1/users/password',
      headers,
      payload: { current_password: PASSWORD, new_password: 'Ch4nged-pass!' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await confirm(pending)).statusCode).toBe(410);
    expect((await me(headers)).email).toBe(newEmail);
  });
});

describe('PUT /v1/users/{id}', () => {
  it('no longer changes your own email (that needs your password), while your name still changes', async () => {
    const owner = await createOwner(ctx.app);
    const own = await ctx.app.inject({
      method: 'PUT',
      url: `/v1/users/${owner.user.id}`,
      headers: owner.headers,
      payload: { email: uniqueEmail() },
    });
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe(accountMessages.ownEmailInProfile);
    const name = await ctx.app.inject({
      method: 'PUT',
      url: `/v1/users/${owner.user.id}`,
      headers: owner.headers,
      payload: { first_name: 'Olive' },
    });
    expect(name.statusCode).toBe(200);
    expect((await me(owner.headers)).email).toBe(owner.user.email);
  });
});
