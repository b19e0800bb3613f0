import { expect, type APIRequestContext } from '@playwright/test';
import { generate } from 'otplib';
import { inviteMember, PASSWORD } from './api.ts';

// The authenticator's code one 30-second step ahead: the step of the set-up code is spent (replay
// protection), and the server accepts one step either side.
export const nextCode = (secret: string) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });

type OutboxEmail = { to: string; subject: string };

/**
 * The code emailed to a person setting up their first sign-in factor (the newest), read from the
 * sandbox outbox as they would read their inbox.
 */
export async function readEmailedFactorCode(request: APIRequestContext, email: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const emails = (await (await request.get('/dev/outbox', { headers: { Accept: 'application/json' } })).json()) as OutboxEmail[];
        code = emails
          .filter((message) => message.to === email.toLowerCase() && / is your Crewpay confirmation code$/.test(message.subject))
          .at(-1)
          ?.subject.slice(0, 6);
        return code;
      },
      { message: `a confirmation code emailed to ${email}` },
    )
    .toBeTruthy();
  return code ?? '';
}

/** Sets up an authenticator app for the session's person through the API (their first factor: with the emailed code); answers its secret. */
export async function enrolViaApi(request: APIRequestContext, token: string): Promise<string> {
  const headers = { 'auth-token': token };
  const started = await request.post('/v1/users/two_factor/totp', { headers });
  expect(started.status(), await started.text()).toBe(200);
  const { secret, email_code_sent } = (await started.json()) as { secret: string; email_code_sent: boolean };
  const me = (await (await request.get('/v1/user', { headers })).json()) as { email: string };
  const emailCode = email_code_sent ? { email_code: await readEmailedFactorCode(request, me.email) } : {};
  const confirmed = await request.post('/v1/users/two_factor/totp/confirm', {
    headers,
    data: { code: await generate({ secret }), ...emailCode },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  return secret;
}

/** A Team member of the owner's organisation, invited by the owner; answers their email. */
export async function createCollaborator(request: APIRequestContext, ownerToken: string): Promise<string> {
  return (await inviteMember(request, ownerToken, 'member')).email;
}

/**
 * A second session of the person, signed in before they set up a second factor: it never proved
 * that factor, so the fresh-factor rule treats it as a proof older than the window (as a session
 * 11 minutes after its last code would be). Sign in with this first, then enrol with another.
 */
export async function sessionBeforeEnrolment(request: APIRequestContext, email: string): Promise<string> {
  const response = await request.post('/v1/users/signin', { data: { email, password: PASSWORD } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { auth_token: string }).auth_token;
}
