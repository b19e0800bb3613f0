import { beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { addCreatorAbroad, CORRIDOR_PAYEES } from '../../../test/abroad-fixtures.ts';
import { authHeaders, uniqueEmail } from '../../../test/fixtures.ts';
import { createDrafts, fundedOwner, injector, paymentRow as row } from '../../../test/payment-fixtures.ts';
import { policyOf } from '../../../test/policy-fixtures.ts';
import { users } from '../../db/schema/index.ts';
import { newId } from '../../lib/ids.ts';
import { startSession } from '../auth/sessions.ts';

/**
 * Every Nium route: who may call it (roles, API key scopes, a fresh second factor for the acts on
 * money), the caller's organisation only, and bad input answered 400 with the field named.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

type Headers = Record<string, string>;
const inject = (...args: Parameters<ReturnType<typeof injector>>) => injector(ctx.app)(...args);

async function member(orgId: string, role: 'admin' | 'collaborator'): Promise<Headers> {
  const [user] = await ctx.deps.db
    .insert(users)
    .values({ id: newId(), email: uniqueEmail(role), org_id: orgId, role })
    .returning();
  return authHeaders((await startSession(ctx.deps.db, user!, 1)).auth_token);
}

async function readKey(headers: Headers): Promise<Headers> {
  const key = await inject('POST', '/v1/org_api_token', headers, { scopes: ['read'] });
  expect(key.statusCode, key.body).toBe(200);
  return { authorization: `Bearer ${key.json<{ key: string }>().key}` };
}

/** An organisation with a payee in Germany, its Nium wallet funded, and one payment sent abroad. */
async function orgWithPaymentAbroad() {
  const owner = await fundedOwner(ctx.app, 100_000);
  const payee = await addCreatorAbroad(ctx.app, owner.headers, CORRIDOR_PAYEES.DE);
  expect((await inject('POST', '/v1/nium/wallet/fund', owner.headers, { amount: 50_000 })).statusCode).toBe(200);
  const [draft] = await createDrafts(ctx.app, owner.headers, [row(payee.id, 10_000)]);
  const quotes = (await inject('POST', '/v1/payments/initiate/quotes', owner.headers, { ids: [draft!.id] })).json().quotes;
  const executed = await inject('PUT', '/v1/payments/initiate', owner.headers, {
    ids: [draft!.id],
    quote_ids: quotes.map((quote: { quote_id: string }) => quote.quote_id),
  });
  expect(executed.statusCode, executed.body).toBe(200);
  return { owner, payee, paymentId: draft!.id };
}

const rfiBody = { rfi_id: 'rfi_1', info: { firstName: 'Jonas' } };

describe('Nium routes: who may call them', () => {
  it('shows a creator’s bank details abroad to owners and admins signed in only: not to members, not to a read key', async () => {
    const { owner, payee } = await orgWithPaymentAbroad();
    const url = `/v1/creators/${payee.id}/abroad`;
    expect((await inject('GET', url, owner.headers)).json()).toMatchObject({ country: 'DE', last4: { iban: '3000' } });
    expect((await inject('GET', url, await member(owner.org.id, 'admin'))).statusCode).toBe(200);
    expect((await inject('GET', url, await member(owner.org.id, 'collaborator'))).statusCode).toBe(403);
    const key = await inject('GET', url, await readKey(owner.headers));
    expect(key.statusCode).toBe(403);
    expect(key.body).not.toContain('3000');
  });

  /** Ids of the shape Nium's are (UUIDs): a refusal is then the policy's, not the body's. */
  const NIUM_IDS = { customer_hash_id: '5c0b9adb-3305-478f-9236-58f18d61b19d', wallet_hash_id: '0f1a729d-6912-4be1-bae2-9ce0bc37a2d3' };

  it('refuses members, keys and admins where the policy says, and holds every money act to a fresh second factor', async () => {
    const { owner, payee, paymentId } = await orgWithPaymentAbroad();
    const collaborator = await member(owner.org.id, 'collaborator');
    const admin = await member(owner.org.id, 'admin');
    const key = await readKey(owner.headers);
    const calls: [string, 'GET' | 'POST' | 'PUT', string, unknown, Headers, number][] = [
      ['wallet (member)', 'GET', '/v1/nium/wallet', undefined, collaborator, 403],
      ['fund (admin)', 'POST', '/v1/nium/wallet/fund', { amount: 1_000 }, admin, 403],
      ['fund (key)', 'POST', '/v1/nium/wallet/fund', { amount: 1_000 }, key, 403],
      ['account (admin)', 'PUT', '/v1/nium/account', NIUM_IDS, admin, 403],
      ['account (key)', 'PUT', '/v1/nium/account', NIUM_IDS, key, 403],
      ['details (member)', 'PUT', `/v1/creators/${payee.id}/abroad`, CORRIDOR_PAYEES.GB, collaborator, 403],
      ['details (key)', 'PUT', `/v1/creators/${payee.id}/abroad`, CORRIDOR_PAYEES.GB, key, 403],
      ['quotes (member)', 'POST', '/v1/payments/initiate/quotes', { ids: [paymentId] }, collaborator, 403],
      ['quotes (key)', 'POST', '/v1/payments/initiate/quotes', { ids: [paymentId] }, key, 403],
      ['rfi (member)', 'POST', `/v1/payments/${paymentId}/rfi`, rfiBody, collaborator, 403],
      ['rfi (key)', 'POST', `/v1/payments/${paymentId}/rfi`, rfiBody, key, 403],
      ['portal payouts (staff)', 'GET', '/v1/portal/payouts-abroad', undefined, owner.headers, 403],
      ['portal rfi (key)', 'POST', `/v1/portal/payments/${paymentId}/rfi`, rfiBody, key, 403],
      ['payees (key reads)', 'GET', `/v1/nium/payees?ids=${payee.id}`, undefined, key, 200],
      ['status (member reads)', 'GET', `/v1/payments/${paymentId}/abroad`, undefined, collaborator, 200],
    ];
    for (const [label, method, url, body, headers, want] of calls)
      expect((await inject(method, url, headers, body)).statusCode, label).toBe(want);
    for (const [method, url] of [
      ['POST', '/v1/nium/wallet/fund'],
      ['PUT', '/v1/nium/account'],
      ['PUT', '/v1/creators/:id/abroad'],
      ['POST', '/v1/payments/:id/rfi'],
      ['POST', '/v1/portal/payments/:id/rfi'],
      ['PUT', '/v1/creators/user/:id/abroad'],
    ] as const)
      expect(policyOf(ctx.app, method, url), `${method} ${url}`).toMatchObject({ freshFactor: 'always', apiKey: 'none' });
  });

  it("answers nothing of another organisation's payees and payments", async () => {
    const theirs = await orgWithPaymentAbroad();
    const ours = await fundedOwner(ctx.app, 0);
    const { headers } = ours;
    expect((await inject('GET', `/v1/creators/${theirs.payee.id}/abroad`, headers)).statusCode).toBe(404);
    expect((await inject('PUT', `/v1/creators/${theirs.payee.id}/abroad`, headers, CORRIDOR_PAYEES.GB)).statusCode).toBe(404);
    expect((await inject('GET', `/v1/nium/payees?ids=${theirs.payee.id}`, headers)).json()).toEqual([]);
    expect((await inject('GET', `/v1/payments/${theirs.paymentId}/abroad`, headers)).statusCode).toBe(404);
    expect((await inject('POST', `/v1/payments/${theirs.paymentId}/rfi`, headers, rfiBody)).statusCode).toBe(404);
    const quoted = await inject('POST', '/v1/payments/initiate/quotes', headers, { ids: [theirs.paymentId] });
    expect(quoted.statusCode === 409 || quoted.json().quotes?.length === 0, quoted.body).toBe(true);
    // Their details are as they were.
    expect((await inject('GET', `/v1/creators/${theirs.payee.id}/abroad`, theirs.owner.headers)).json().country).toBe('DE');
  });
});

describe('Nium routes: bad input is a 400 naming the field, never a 500', () => {
  it('refuses NUL bytes, huge numbers, wrong types, unknown countries and bad IBANs', async () => {
    const { owner, payee, paymentId } = await orgWithPaymentAbroad();
    const { headers } = owner;
    const details = `/v1/creators/${payee.id}/abroad`;
    const de = CORRIDOR_PAYEES.DE;
    const cases: [string, 'GET' | 'POST' | 'PUT', string, unknown, string][] = [
      ['fund: huge', 'POST', '/v1/nium/wallet/fund', { amount: 1e300 }, 'amount'],
      ['fund: text', 'POST', '/v1/nium/wallet/fund', { amount: '100' }, 'amount'],
      ['fund: fraction', 'POST', '/v1/nium/wallet/fund', { amount: 100.5 }, 'amount'],
      ['fund: negative', 'POST', '/v1/nium/wallet/fund', { amount: -500 }, 'amount'],
      ['account: NUL', 'PUT', '/v1/nium/account', { customer_hash_id: 'a\u0000b', wallet_hash_id: 'w' }, 'customer_hash_id'],
      [
        'account: number',
        'PUT',
        '/v1/nium/account',
        { customer_hash_id: '5c0b9adb-3305-478f-9236-58f18d61b19d', wallet_hash_id: 12 },
        'wallet_hash_id',
      ],
      [
        'account: not a UUID',
        'PUT',
        '/v1/nium/account',
        { customer_hash_id: 'cust-123', wallet_hash_id: '5c0b9adb-3305-478f-9236-58f18d61b19d' },
        'customer_hash_id',
      ],
      ['details: NUL', 'PUT', details, { ...de, fields: { ...de.fields, bic: 'COBA\u0000DEFF' } }, 'fields.bic'],
      ['details: bad IBAN', 'PUT', details, { ...de, fields: { ...de.fields, iban: 'DE00 3704 0044 0532 0130 00' } }, 'fields.iban'],
      ['details: unknown country', 'PUT', details, { ...de, country: 'XX' }, 'country'],
      ['details: country as number', 'PUT', details, { ...de, country: 49 }, 'country'],
      ['details: fields as text', 'PUT', details, { ...de, fields: 'iban' }, 'fields'],
      ['details: field as number', 'PUT', details, { ...de, fields: { ...de.fields, iban: 4e30 } }, 'fields.iban'],
      ['details: method', 'PUT', details, { ...de, method: 'swift' }, 'method'],
      ['payees: not ids', 'GET', '/v1/nium/payees?ids=abc', undefined, 'ids.0'],
      ['rfi: NUL', 'POST', `/v1/payments/${paymentId}/rfi`, { rfi_id: 'r', info: { firstName: 'A\u0000' } }, 'info.firstName'],
      ['rfi: info as list', 'POST', `/v1/payments/${paymentId}/rfi`, { rfi_id: 'r', info: ['Jonas'] }, 'info'],
      ['rfi: id as number', 'POST', `/v1/payments/${paymentId}/rfi`, { rfi_id: 7, info: {} }, 'rfi_id'],
      ['quotes: not ids', 'POST', '/v1/payments/initiate/quotes', { ids: ['x'.repeat(5000)] }, 'ids.0'],
      ['quotes: quote ids as text', 'PUT', '/v1/payments/initiate', { ids: [paymentId], quote_ids: 'q' }, 'quote_ids'],
    ];
    for (const [label, method, url, body, field] of cases) {
      const answer = await inject(method, url, headers, body);
      expect(answer.statusCode, `${label}: ${answer.body}`).toBe(400);
      const json = answer.json<{ message: string; field?: string }>();
      expect(json.field, `${label}: ${answer.body}`).toBe(field);
      expect(json.message.length, label).toBeGreaterThan(5);
    }
    // A malformed id in the path is a payment that does not exist (idParams: 404, as on every route).
    expect((await inject('GET', '/v1/payments/abc/abroad', headers)).statusCode).toBe(404);
    expect((await inject('POST', '/v1/payments/abc/rfi', headers, rfiBody)).statusCode).toBe(404);
    expect((await inject('GET', details, headers)).json().last4.iban).toBe('3000');
  });
});
