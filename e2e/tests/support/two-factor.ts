import pg from 'pg';
import { expect, type APIRequestContext } from '@playwright/test';
import { generate } from 'otplib';
import { signUpViaApi, uniqueEmail } from './api.ts';

const databaseUrl = () => `postgres://crewpay:crewpay@127.0.0.1:${process.env.EMBEDDED_PG_PORT ?? '54339'}/postgres`;

async function query(sql: string, values: unknown[]): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  try {
    await client.query(sql, values);
  } finally {
    await client.end();
  }
}

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

/** A signed-up person made a collaborator of the owner's organisation in the database; answers their email. */
export async function createCollaborator(request: APIRequestContext, ownerEmail: string): Promise<string> {
  const email = uniqueEmail('member');
  const session = await signUpViaApi(request, email);
  await query(`UPDATE users SET role = 'collaborator', org_id = (SELECT org_id FROM users WHERE email = $1) WHERE id = $2`, [
    ownerEmail.toLowerCase(),
    session.user.id,
  ]);
  return email;
}

/** Ages the person's proof of a second factor past the fresh window, as 11 minutes would. */
export async function staleFactor(email: string): Promise<void> {
  await query(
    `UPDATE sessions SET factor_verified_at = now() - interval '11 minutes' WHERE user_id = (SELECT id FROM users WHERE email = $1)`,
    [email.toLowerCase()],
  );
}
