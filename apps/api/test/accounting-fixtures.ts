import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

/** Connects the sandbox QuickBooks as the popup does: consent page, Connect, the callback. */
export async function connectQuickbooks(app: FastifyInstance, token: string) {
  const page = await app.inject({ method: 'GET', url: `/api/qb/connect?jwt=${encodeURIComponent(token)}` });
  expect(page.statusCode, page.body).toBe(200);
  const state = /name="state" value="([^"]+)"/.exec(page.body)![1]!;
  const consent = await app.inject({ method: 'GET', url: `/api/qb/connect/consent?state=${encodeURIComponent(state)}&decision=allow&company=x` });
  expect(consent.statusCode, consent.body).toBe(303);
  const callback = await app.inject({ method: 'GET', url: String(consent.headers.location) });
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
