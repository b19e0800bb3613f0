import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { createOwner, multipartFile, readOutbox } from './fixtures.ts';
import { activate, stripeWalletId } from './wallet-fixtures.ts';

type Headers = Record<string, string>;
export const BANK = { account_number: '000123456789', routing_number: '110000000' };

export const injector =
  (app: FastifyInstance) => (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: unknown) =>
    app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

/** An activated owner whose wallet holds `amount` cents (sandbox load). */
export async function fundedOwner(app: FastifyInstance, amount = 1_000_000) {
  const owner = await createOwner(app);
  await activate(app, owner.headers);
  if (amount > 0) expect((await injector(app)('POST', '/v1/treasury/load', owner.headers, { amount })).statusCode).toBe(200);
  return { ...owner, walletId: await stripeWalletId(app, owner.headers) };
}

export const walletBalance = async (app: FastifyInstance, headers: Headers) =>
  (await injector(app)('GET', '/v1/wallets', headers)).json().stripe.balances[0].amount as number;

export async function createDrafts(app: FastifyInstance, headers: Headers, rows: object[]) {
  const response = await injector(app)('POST', '/v1/payments', headers, rows);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: { id: string; amount: number; fee: number; recipient_role: string; status: string }[] }>().data;
}

export const paymentRow = (recipient: string, earnings = 10_000, extra: object = {}) => ({
  recipient,
  recipient_role: 'creator',
  earnings,
  split: 100,
  memo: 'May',
  ...extra,
});

/**
 * The payee gives a US individual's bank details (as Lin Link) on the payout-details link last
 * emailed to `to` (POST /v1/expiring_link), as the payee link page would.
 */
export async function submitPayeeLinkAsLin(app: FastifyInstance, to: string) {
  const linkId = (await readOutbox(app))
    .filter((mail) => mail.to === to)
    .at(-1)!
    .links[0]!.split('/bankDetails?id=')[1]!;
  return app.inject({
    method: 'POST',
    url: `/v1/expiring_link?id=${linkId}`,
    payload: {
      selected_payment_method: 'stripe',
      ...BANK,
      entity_type: 'individual',
      tax_id: '123456789',
      first_name: 'Lin',
      last_name: 'Link',
      date_of_birth: '1990-01-01',
      address: { line_1: '1 A St', city: 'Austin', state: 'TX', zip: '78701' },
    },
  });
}

/** A payments CSV posted to the upload's preview or commit, with an idempotency key when given. */
export function uploadPayments(app: FastifyInstance, path: 'preview' | 'commit', headers: Headers, csv: string, key?: string) {
  const file = multipartFile({ filename: 'payments.csv', type: 'text/csv', content: csv });
  return app.inject({
    method: 'POST',
    url: path === 'preview' ? '/v1/payments/upload/preview' : '/v1/payments/upload',
    headers: { ...headers, ...file.headers, ...(key ? { 'idempotency-key': key } : {}) },
    payload: file.payload,
  });
}
