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

/** Sets up an authenticator app for the session's person through the API; answers its secret. */
export async function enrolViaApi(request: APIRequestContext, token: string): Promise<string> {
  const headers = { 'auth-token': token };
  const started = await request.post('/v1/users/two_factor/totp', { headers });
  expect(started.status(), await started.text()).toBe(200);
  const { secret } = (await started.json()) as { secret: string };
  const confirmed = await request.post('/v1/users/two_factor/totp/confirm', { headers, data: { code: await generate({ secret }) } });
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
