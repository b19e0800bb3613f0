import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { SessionAnswer } from '@crewpay/core';
import { desc, eq } from 'drizzle-orm';
import { emails } from '../src/db/schema/index.ts';
import { databaseOfApp, operatorHeaders } from './context.ts';

export const PASSWORD = 'Sup3r-secret!';

let counter = 0;
export const uniqueEmail = (label = 'user') => `${label}.${Date.now()}.${++counter}@example.com`;

export const authHeaders = (token: string) => ({ 'auth-token': token });

/** Signs up as a person does: the form, then the link emailed to the address, which signs them in. */
export async function signUp(app: FastifyInstance, email = uniqueEmail(), password = PASSWORD): Promise<SessionAnswer> {
  const response = await app.inject({ method: 'POST', url: '/v1/users/signup', payload: { email, password } });
  expect(response.statusCode, response.body).toBe(200);
  const id = await latestLinkId(app, email.toLowerCase(), '/confirmSignup/');
  const confirmed = await app.inject({ method: 'POST', url: '/v1/users/signup/confirm', payload: { id } });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return confirmed.json<SessionAnswer>();
}

/** A signed-up owner of a new organisation: the starting point of most tests. */
export async function createOwner(app: FastifyInstance, options: { email?: string; orgName?: string } = {}) {
  const session = await signUp(app, options.email);
  const response = await app.inject({
    method: 'POST',
    url: '/v1/org',
    headers: authHeaders(session.auth_token),
    payload: { name: options.orgName ?? 'Acme Creators', website: 'https://acme.example' },
  });
  expect(response.statusCode, response.body).toBe(200);
  const org = response.json<{ id: string; name: string }>();
  return { token: session.auth_token, user: session.user, org, headers: authHeaders(session.auth_token) };
}

type OutboxEmail = {
  id: string;
  to: string;
  subject: string;
  text: string;
  links: string[];
  status: string;
  attachments: { filename: string; content_type: string; url: string }[];
};

export async function readOutbox(app: FastifyInstance): Promise<OutboxEmail[]> {
  const response = await app.inject({ method: 'GET', url: '/dev/outbox', headers: { ...operatorHeaders, accept: 'application/json' } });
  expect(response.statusCode).toBe(200);
  return response.json<OutboxEmail[]>();
}

/**
 * The id at the end of the newest link emailed to `to` under `path` (e.g. /resetPassword/). Read
 * from the outbox table, not /dev/outbox, so it works with the sandbox tools off (SANDBOX=false).
 */
export async function latestLinkId(app: FastifyInstance, to: string, path: string): Promise<string> {
  const database = databaseOfApp(app);
  // The newest email to this person that carries such a link (a payee is also emailed that they were paid, after their invitation).
  const sent = database
    ? await database.db
        .select({ links: emails.links })
        .from(emails)
        .where(eq(emails.to, to))
        .orderBy(desc(emails.created_at), desc(emails.id))
    : (await readOutbox(app)).filter((email) => email.to === to).reverse();
  const link = sent.map((email) => email.links.find((url) => url.includes(path))).find(Boolean);
  expect(link, `no ${path} link emailed to ${to}`).toBeDefined();
  return link!.split(path)[1]!.split('?')[0]!;
}

type Headers = Record<string, string>;

/** Moves the caller's organisation to the standard plan (PUT /v1/org/plan). */
export async function upgradePlan(app: FastifyInstance, headers: Headers): Promise<void> {
  const response = await app.inject({ method: 'PUT', url: '/v1/org/plan', headers, payload: { plan: 'standard' } });
  expect(response.statusCode, response.body).toBe(200);
}

export async function addCreator(app: FastifyInstance, headers: Headers, payload: Record<string, unknown> = {}) {
  const response = await app.inject({
    method: 'POST',
    url: '/v1/creators',
    headers,
    payload: { email: uniqueEmail('creator'), first_name: 'Casey', last_name: 'Creator', ...payload },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ id: string; email: string; user_id: string | null } & Record<string, unknown>>();
}

/** A multipart upload of one file in the field "file". */
export function multipartFile(options: { filename: string; type: string; content: string | Buffer }) {
  const boundary = `----crewpay${Date.now()}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${options.filename}"\r\nContent-Type: ${options.type}\r\n\r\n`;
  const payload = Buffer.concat([Buffer.from(head), Buffer.from(options.content), Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
