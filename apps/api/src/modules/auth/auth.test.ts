import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@crewpay/core';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { PASSWORD, authHeaders, signUp, uniqueEmail } from '../../../test/fixtures.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, payload: payload as object, headers });

describe('POST /v1/users/signin', () => {
  it('answers auth_token and is_external for the right password', async () => {
    const email = uniqueEmail();
    await signUp(ctx.app, email);
    const response = await post('/v1/users/signin', { email: email.toUpperCase(), password: PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ is_external: false, user: { email } });
    expect(typeof response.json().auth_token).toBe('string');
  });

  it('refuses a wrong password and an unknown email with the same message', async () => {
    const email = uniqueEmail();
    await signUp(ctx.app, email);
    const wrongPassword = await post('/v1/users/signin', { email, password: 'Wrong-passw0rd' });
    const unknownEmail = await post('/v1/users/signin', { email: uniqueEmail(), password: PASSWORD });
    for (const response of [wrongPassword, unknownEmail]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Incorrect email or password', code: 'invalid_credentials' });
    }
  });

  it('refuses an invalid email and an empty password', async () => {
    const badEmail = await post('/v1/users/signin', { email: 'nope', password: PASSWORD });
    expect(badEmail.json()).toEqual({ message: messages.email, code: 'validation_error', field: 'email' });
    const emptyPassword = await post('/v1/users/signin', { email: uniqueEmail(), password: '' });
    expect(emptyPassword.json()).toEqual({ message: messages.required, code: 'validation_error', field: 'password' });
  });
});

describe('GET /v1/user and POST /v1/users/signout', () => {
  it('refuses a missing or unknown token', async () => {
    const missing = await ctx.app.inject({ method: 'GET', url: '/v1/user' });
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toEqual({ message: 'Please sign in to continue', code: 'unauthorized' });
    const unknown = await ctx.app.inject({ method: 'GET', url: '/v1/user', headers: authHeaders('made-up-token') });
    expect(unknown.statusCode).toBe(401);
  });

  it("answers each user's own record for their own token", async () => {
    const first = await signUp(ctx.app);
    const second = await signUp(ctx.app);
    const me = await ctx.app.inject({ method: 'GET', url: '/v1/user', headers: authHeaders(second.auth_token) });
    expect(me.json().id).toBe(second.user.id);
    expect(me.json().id).not.toBe(first.user.id);
  });

  it('ends the session so its token no longer works', async () => {
    const session = await signUp(ctx.app);
    const out = await post('/v1/users/signout', undefined, authHeaders(session.auth_token));
    expect(out.statusCode).toBe(200);
    const after = await ctx.app.inject({ method: 'GET', url: '/v1/user', headers: authHeaders(session.auth_token) });
    expect(after.statusCode).toBe(401);
  });
});

describe('PUT /v1/users/password', () => {
  const put = (token: string, payload: object) =>
    ctx.app.inject({ method: 'PUT', url: '/v1/users/password', headers: authHeaders(token), payload });

  it('changes the password, keeps this session and ends the others', async () => {
    const email = uniqueEmail();
    const session = await signUp(ctx.app, email);
    const otherDevice = (await post('/v1/users/signin', { email, password: PASSWORD })).json().auth_token as string;
    const response = await put(session.auth_token, { current_password: PASSWORD, new_password: 'N3w-password!' });
    expect(response.json()).toEqual({ message: 'Password has been updated.' });
    expect((await ctx.app.inject({ method: 'GET', url: '/v1/user', headers: authHeaders(session.auth_token) })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/v1/user', headers: authHeaders(otherDevice) })).statusCode).toBe(401);
    expect((await post('/v1/users/signin', { email, password: PASSWORD })).statusCode).toBe(401);
    expect((await post('/v1/users/signin', { email, password: 'N3w-password!' })).statusCode).toBe(200);
  });

  it('refuses a wrong current password and a new password that breaks the rule', async () => {
    const session = await signUp(ctx.app);
    const wrong = await put(session.auth_token, { current_password: 'Not-it-1!', new_password: 'N3w-password!' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: 'Your current password is incorrect', field: 'current_password' });
    const weak = await put(session.auth_token, { current_password: PASSWORD, new_password: 'weak' });
    expect(weak.json()).toEqual({ message: messages.password, code: 'validation_error', field: 'new_password' });
  });

  it('needs a session', async () => {
    const response = await ctx.app.inject({
      method: 'PUT',
      url: '/v1/users/password',
      payload: { current_password: PASSWORD, new_password: 'N3w-password!' },
    });
    expect(response.statusCode).toBe(401);
  });
});
