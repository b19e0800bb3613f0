import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { expect } from 'vitest';
import { sessions, totpFactors } from '../src/db/schema/index.ts';
import { databaseOfApp } from './context.ts';
import { readOutbox } from './fixtures.ts';

type Headers = Record<string, string>;

/** The code an authenticator app holding `secret` shows now. */
export const totpCode = (secret: string) => generate({ secret });

const dbOf = (app: FastifyInstance) => {
  const database = databaseOfApp(app);
  if (!database) throw new Error('No test database for this app');
  return database.db;
};

/**
 * A code is spent with its 30-second time step (replay protection): tests that give several
 * codes within one step forget the spent step first, as if the next step had come.
 */
export async function nextTimeStep(app: FastifyInstance, userId: string): Promise<void> {
  await dbOf(app).update(totpFactors).set({ last_time_step: null }).where(eq(totpFactors.user_id, userId));
}

/** Ages every session's proof of a second factor of `userId` past the fresh window. */
export async function staleFactor(app: FastifyInstance, userId: string): Promise<void> {
  await dbOf(app)
    .update(sessions)
    .set({ factor_verified_at: new Date(Date.now() - 11 * 60_000) })
    .where(eq(sessions.user_id, userId));
}

/** The code emailed to the signed-in person for their first factor's set-up (the newest one). */
export async function emailedCode(app: FastifyInstance, headers: Headers): Promise<string> {
  const me = await app.inject({ method: 'GET', url: '/v1/user', headers });
  const email = me.json<{ email: string }>().email;
  const sent = (await readOutbox(app)).filter((item) => item.to === email && / is your Crewpay confirmation code$/.test(item.subject));
  const code = sent.at(-1)?.subject.slice(0, 6);
  if (!code) throw new Error(`No confirmation code was emailed to ${email}`);
  return code;
}

/** Sets up an authenticator app for the signed-in user: answers its secret and the recovery codes. */
export async function enrolTotp(app: FastifyInstance, headers: Headers): Promise<{ secret: string; recovery_codes: string[] }> {
  const started = await app.inject({ method: 'POST', url: '/v1/users/two_factor/totp', headers });
  expect(started.statusCode, started.body).toBe(200);
  const { secret, email_code_sent } = started.json<{ secret: string; email_code_sent: boolean }>();
  const confirmed = await app.inject({
    method: 'POST',
    url: '/v1/users/two_factor/totp/confirm',
    headers,
    payload: { code: await totpCode(secret), ...(email_code_sent ? { email_code: await emailedCode(app, headers) } : {}) },
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { secret, recovery_codes: confirmed.json<{ recovery_codes: string[] }>().recovery_codes };
}
