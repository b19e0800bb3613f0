import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

/** A single-use code for the consent popup, asked for with the session header as the browser does. */
export async function connectCode(app: FastifyInstance, token: string): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/qb/connect_code', headers: { 'auth-token': token } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ code: string }>().code;
}

/** The popup's binding cookie, as the browser would send it back (name=value of the Set-Cookie). */
export function bindingCookieOf(response: { headers: Record<string, unknown> }): string {
  const header = response.headers['set-cookie'];
  const value = String(Array.isArray(header) ? header[0] : header).split(';')[0]!;
  expect(value).toMatch(/^qb_connect=.+/);
  return value;
}

/** Connects the sandbox QuickBooks as the popup does: a code, the consent page, Connect, the callback. */
export async function connectQuickbooks(app: FastifyInstance, token: string) {
  const code = await connectCode(app, token);
  const page = await app.inject({ method: 'GET', url: `/api/qb/connect?code=${encodeURIComponent(code)}` });
  expect(page.statusCode, page.body).toBe(200);
  const cookie = bindingCookieOf(page);
  const state = /name="state" value="([^"]+)"/.exec(page.body)![1]!;
  const consent = await app.inject({
    method: 'GET',
    url: `/api/qb/connect/consent?state=${encodeURIComponent(state)}&decision=allow&company=x`,
    headers: { cookie },
  });
  expect(consent.statusCode, consent.body).toBe(303);
  const callback = await app.inject({ method: 'GET', url: String(consent.headers.location), headers: { cookie } });
  expect(callback.statusCode, callback.body).toBe(200);
  expect(callback.body).toContain('QuickBooks is connected');
  return callback;
}

/** The mapping the tests use: accounts of the sandbox chart, as the card sends them (JSON strings). */
export const FULL_MAPPING = {
  income: JSON.stringify({ Id: '91', Name: 'Creator Income' }),
  payable: JSON.stringify({ Id: '33', Name: 'Accounts Payable (A/P)' }),
  sales: JSON.stringify({ Id: '79', Name: 'Sales of Product Income' }),
  receivable: JSON.stringify({ Id: '84', Name: 'Accounts Receivable (A/R)' }),
  clearing: JSON.stringify({ Id: '36', Name: 'Crewpay Clearing' }),
  labor: JSON.stringify({ Id: '92', Name: 'Cost of Labor' }),
  unique_income_creator: false,
};

/**
 * Connects QuickBooks Online (SANDBOX=false) as the popup does: a code, /api/qb/connect sends the
 * popup to Intuit's authorization page (the fake approves at once), Intuit sends it back to the
 * callback with the code, the state and the realm id; the binding cookie goes along.
 */
export async function connectQuickbooksOnline(app: FastifyInstance, token: string) {
  const start = await app.inject({ method: 'GET', url: `/api/qb/connect?code=${encodeURIComponent(await connectCode(app, token))}` });
  expect(start.statusCode, start.body).toBe(302);
  const cookie = bindingCookieOf(start);
  const consent = await fetch(String(start.headers.location), { redirect: 'manual' });
  expect(consent.status).toBe(302);
  const back = new URL(consent.headers.get('location')!);
  const callback = await app.inject({ method: 'GET', url: `${back.pathname}${back.search}`, headers: { cookie } });
  return { authorizeUrl: new URL(String(start.headers.location)), callback, realmId: back.searchParams.get('realmId') };
}
