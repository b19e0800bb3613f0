import { beforeAll, describe, expect, it } from 'vitest';
import type { JournalEntryRecord } from '@crewpay/core';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { addCreator, createOwner } from '../../../test/fixtures.ts';
import { BANK, createDrafts, fundedOwner, injector, paymentRow } from '../../../test/payment-fixtures.ts';
import { advanceClock, createCollaborator } from '../../../test/wallet-fixtures.ts';
import { bindingCookieOf, connectCode, connectQuickbooks, FULL_MAPPING } from '../../../test/accounting-fixtures.ts';

/** Issue 35: map first (with suggestions from the chart), sync after, and Retry all; the consent bound to its popup. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ SANDBOX_ACH_DELAY_SECONDS: '60' });
});

type Owner = Awaited<ReturnType<typeof fundedOwner>>;
const inject = (...args: Parameters<ReturnType<typeof injector>>) => injector(ctx.app)(...args);
const entries = async (owner: Owner, query = '') => {
  const response = await inject('GET', `/api/qb/journalEntries${query}`, owner.headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<JournalEntryRecord[]>();
};

async function pay(owner: Owner, earnings: number) {
  const creator = await addCreator(ctx.app, owner.headers, BANK);
  const [draft] = await createDrafts(ctx.app, owner.headers, [paymentRow(creator.id, earnings)]);
  expect((await inject('PUT', '/v1/payments/initiate', owner.headers, { ids: [draft!.id] })).statusCode).toBe(200);
  await advanceClock(ctx.app, 61);
}

describe('map first, then sync', () => {
  it('suggests a mapping from the chart, books nothing before it is saved, then books what happened before', async () => {
    const owner = await fundedOwner(ctx.app, 100_000);
    await pay(owner, 2_000);
    await connectQuickbooks(ctx.app, owner.token);
    await pay(owner, 3_000);
    expect(await entries(owner)).toEqual([]);
    const suggested = await inject('GET', '/api/qb/acctMap/suggested', owner.headers);
    expect(suggested.json()).toEqual({
      income: { Id: '91', Name: 'Creator Income' },
      payable: { Id: '33', Name: 'Accounts Payable (A/P)' },
      sales: { Id: '79', Name: 'Sales of Product Income' },
      receivable: { Id: '84', Name: 'Accounts Receivable (A/R)' },
      clearing: { Id: '36', Name: 'Crewpay Clearing' },
      labor: { Id: '92', Name: 'Cost of Labor' },
      unique_income_creator: false,
    });
    // Suggesting saves nothing.
    expect((await inject('GET', '/api/qb/acctMap', owner.headers)).json()).toMatchObject({ clearing: null });
    expect((await inject('POST', '/api/qb/acctMap', owner.headers, FULL_MAPPING)).statusCode).toBe(200);
    const booked = await entries(owner);
    expect(booked.map((entry) => [entry.transfer_type, entry.Status])).toEqual([
      ['payment_succeeded', 'succeeded'],
      ['payment_succeeded', 'succeeded'],
    ]);
    const disconnected = await createOwner(ctx.app);
    expect((await inject('GET', '/api/qb/acctMap/suggested', disconnected.headers)).json().message).toBe('Connect QuickBooks first');
  });

  it('Retry all sends every failed entry again; the status filter lists the failed ones', async () => {
    const owner = await fundedOwner(ctx.app, 100_000);
    await connectQuickbooks(ctx.app, owner.token);
    await inject('POST', '/api/qb/acctMap', owner.headers, { clearing: FULL_MAPPING.clearing });
    await pay(owner, 1_000);
    await pay(owner, 1_500);
    const failed = await entries(owner, '?status=failed');
    expect(failed.map((entry) => entry.error_text)).toEqual(['The income account is not mapped', 'The income account is not mapped']);
    expect(await entries(owner, '?status=succeeded')).toEqual([]);
    expect((await inject('GET', '/api/qb/journalEntries?status=lost', owner.headers)).json().message).toBe(
      'status must be pending, succeeded or failed',
    );
    const collaborator = await createCollaborator(ctx.deps, owner.org.id);
    expect((await inject('POST', '/api/qb/journalEntries/retry', collaborator.headers)).statusCode).toBe(403);
    expect((await inject('POST', '/api/qb/acctMap', owner.headers, FULL_MAPPING)).statusCode).toBe(200);
    const retried = await inject('POST', '/api/qb/journalEntries/retry', owner.headers);
    expect(retried.json()).toEqual({ retried: 2, remaining: 0 });
    expect((await entries(owner)).map((entry) => entry.Status)).toEqual(['succeeded', 'succeeded']);
    expect((await inject('POST', '/api/qb/journalEntries/retry', owner.headers)).json()).toEqual({ retried: 0, remaining: 0 });
    // Another organisation's Retry all touches nothing here.
    const other = await fundedOwner(ctx.app, 1_000);
    expect((await inject('POST', '/api/qb/journalEntries/retry', other.headers)).json()).toEqual({ retried: 0, remaining: 0 });
  });
});

describe('the consent bound to its popup', () => {
  it('refuses a callback that arrives without the cookie of the popup that redeemed the code', async () => {
    const owner = await createOwner(ctx.app);
    const page = await ctx.app.inject({ method: 'GET', url: `/api/qb/connect?code=${await connectCode(ctx.app, owner.token)}` });
    const cookie = bindingCookieOf(page);
    expect(String(page.headers['set-cookie'])).toMatch(/Path=\/api\/qb; Max-Age=600; HttpOnly; SameSite=Lax/);
    // The popup keeps its opener through Intuit's page (the app's own pages allow their popups that).
    expect(page.headers['cross-origin-opener-policy']).toBe('unsafe-none');
    const state = /name="state" value="([^"]+)"/.exec(page.body)![1]!;
    const consent = await ctx.app.inject({
      method: 'GET',
      url: `/api/qb/connect/consent?state=${encodeURIComponent(state)}&decision=allow`,
    });
    expect(consent.headers['cross-origin-opener-policy']).toBe('unsafe-none');
    const elsewhere = await ctx.app.inject({
      method: 'GET',
      url: String(consent.headers.location),
      headers: { cookie: 'qb_connect=other' },
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.body).toContain('This connection request has expired');
    expect((await inject('GET', '/api/orgOauth', owner.headers)).json()).toEqual([]);
    const here = await ctx.app.inject({ method: 'GET', url: String(consent.headers.location), headers: { cookie } });
    expect(here.body).toContain('QuickBooks is connected');
  });
});
