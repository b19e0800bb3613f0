import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { AppDeps } from '../src/deps.ts';
import { users } from '../src/db/schema/index.ts';
import { newId } from '../src/lib/ids.ts';
import { startSession } from '../src/modules/auth/sessions.ts';
import { operatorHeaders } from './context.ts';
import { authHeaders, readOutbox, uniqueEmail } from './fixtures.ts';

export const representative = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  job_title: 'CEO',
  phone: '(415) 555-0134',
  dob: '1985-12-10',
  ssn: '123456789',
  address: '1 Market St',
  address2: '',
  city: 'San Francisco',
  state: 'CA',
  zip_code: '94105',
  terms: true,
};

export const business = {
  ein: '12-3456789',
  phone: '+1 (415) 555-0199',
  product_description: 'Creator campaigns',
  address: '1 Market St',
  address2: 'Suite 300',
  city: 'San Francisco',
  state: 'CA',
  zip_code: '94105',
  agreement: true,
};

/** Runs both activation steps; answers the organisation record. */
export async function activate(app: FastifyInstance, headers: Record<string, string>) {
  const owner = await app.inject({ method: 'POST', url: '/v1/org/owner', headers, payload: representative });
  expect(owner.statusCode, owner.body).toBe(200);
  const org = await app.inject({ method: 'POST', url: '/v1/org/business', headers, payload: business });
  expect(org.statusCode, org.body).toBe(200);
  return org.json<{ id: string; treasury_id: string }>();
}

export async function stripeWalletId(app: FastifyInstance, headers: Record<string, string>): Promise<string> {
  const response = await app.inject({ method: 'GET', url: '/v1/wallets', headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ stripe: { id: string } }>().stripe.id;
}

/** The SM descriptor code of the newest verification email sent to `to`. */
export async function latestDescriptorCode(app: FastifyInstance, to: string): Promise<string> {
  const email = (await readOutbox(app)).filter((item) => item.to === to).at(-1);
  const code = /\b(SM[A-Z0-9]{4})\b/.exec(email?.text ?? '')?.[1];
  expect(code, `no descriptor code emailed to ${to}`).toBeDefined();
  return code!;
}

/** Attaches a bank and verifies it with the emailed code; answers the payment method id. */
export async function linkVerifiedBank(
  app: FastifyInstance,
  headers: Record<string, string>,
  email: string,
  accountNumber = '000123456789',
) {
  const attach = await app.inject({
    method: 'POST',
    url: '/v1/treasury/account',
    headers,
    payload: { account_number: accountNumber, routing_number: '110000000' },
  });
  expect(attach.statusCode, attach.body).toBe(200);
  const setupIntentId = attach.json<{ id: string }>().id;
  const code = await latestDescriptorCode(app, email);
  const verify = await app.inject({
    method: 'POST',
    url: `/sandbox/verify/${setupIntentId}`,
    headers: { ...operatorHeaders, accept: 'application/json' },
    payload: { code },
  });
  expect(verify.statusCode, verify.body).toBe(200);
  const walletId = await stripeWalletId(app, headers);
  const wallet = await app.inject({ method: 'GET', url: `/v1/wallets/${walletId}`, headers });
  return wallet.json<{ payment_method: { id: string } }>().payment_method.id;
}

/** A collaborator (Team member) of the organisation, signed in. */
export async function createCollaborator(deps: AppDeps, orgId: string) {
  const [user] = await deps.db
    .insert(users)
    .values({ id: newId(), email: uniqueEmail('collaborator'), org_id: orgId, role: 'collaborator' })
    .returning();
  const session = await startSession(deps.db, user!, 1);
  return { user: user!, headers: authHeaders(session.auth_token) };
}

export const advanceClock = (app: FastifyInstance, seconds: number) =>
  app.inject({ method: 'POST', url: '/dev/clock/advance', headers: operatorHeaders, payload: { seconds } });
