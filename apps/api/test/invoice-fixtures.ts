import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { AppDeps } from '../src/deps.ts';
import { customers, users } from '../src/db/schema/index.ts';
import { newId } from '../src/lib/ids.ts';
import { startSession } from '../src/modules/auth/sessions.ts';
import { authHeaders, readOutbox } from './fixtures.ts';

type Headers = Record<string, string>;

/** Sends an invoice through the API (a new customer for a fresh email unless customer_id is given) and answers it. */
export async function sendInvoice(app: FastifyInstance, headers: Headers, payload: Record<string, unknown> = {}) {
  const response = await app.inject({
    method: 'POST',
    url: '/v1/invoices',
    headers,
    payload: { title: 'Spring campaign', description: 'Posts and stories', amount: 10_000, net: 30, ...payload },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ id: string; customer_id: string; customer_email: string; amount: number; status: string }>();
}

/** A customer's portal login, linked to the organisation's customer record as the portal invitation links it. */
export async function customerLogin(deps: AppDeps, orgId: string, email: string): Promise<Headers> {
  const [user] = await deps.db.insert(users).values({ id: newId(), email, org_id: orgId, role: 'customer', is_external: true }).returning();
  await deps.db
    .update(customers)
    .set({ user_id: user!.id })
    .where(and(eq(customers.org_id, orgId), eq(customers.email, email)));
  return authHeaders((await startSession(deps.db, user!, 1)).auth_token);
}

/** The pay link id of the newest invoice email to `to`. */
export async function payLinkId(app: FastifyInstance, to: string): Promise<string> {
  const email = (await readOutbox(app)).filter((item) => item.to === to && item.subject.includes('nvoice')).at(-1);
  const url = email?.links.find((link) => link.includes('/invoices/pay?id='));
  expect(url, `no pay link emailed to ${to}`).toBeDefined();
  return decodeURIComponent(url!.split('/invoices/pay?id=')[1]!);
}

/** What the pay page does for a card: tokenise it with the sandbox processor, then pay with the token. */
export async function cardToken(app: FastifyInstance, number: string): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/v1/sandbox_payments/card_tokens',
    payload: { number, exp: '12/39', cvc: '123' },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ id: string }>().id;
}

export const payByCard = async (app: FastifyInstance, linkId: string, token: string) =>
  app.inject({
    method: 'POST',
    url: `/v1/expiring_link?id=${encodeURIComponent(linkId)}`,
    payload: { method: 'card', payment_method: token },
  });

/**
 * The payer pays by ACH from a linked bank: the session token and account the bank link answered,
 * the name on the account, and the debit authorisation they ticked.
 */
export const payByBank = async (app: FastifyInstance, linkId: string, bank: { public_token: string; account_id: string; name?: string }) =>
  app.inject({
    method: 'POST',
    url: `/v1/expiring_link?id=${encodeURIComponent(linkId)}`,
    headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Crewpay tests' },
    payload: { method: 'bank', name: 'Casey Brand', mandate_accepted: true, ...bank },
  });

/** The sandbox bank link: a link token, the login with user_good / pass_good, the chosen account. */
export async function linkBank(app: FastifyInstance, linkId: string, accountName = 'Plaid Checking') {
  const token = await app.inject({ method: 'GET', url: `/v1/plaid_link_token?id=${encodeURIComponent(linkId)}` });
  expect(token.statusCode, token.body).toBe(200);
  const login = await app.inject({
    method: 'POST',
    url: '/v1/sandbox_payments/bank_link',
    payload: { link_token: token.json().token, institution: 'First Platypus Bank', username: 'user_good', password: 'pass_good' },
  });
  expect(login.statusCode, login.body).toBe(200);
  const { public_token, accounts } = login.json<{ public_token: string; accounts: { id: string; name: string }[] }>();
  return { public_token, account_id: accounts.find((account) => account.name === accountName)!.id };
}
