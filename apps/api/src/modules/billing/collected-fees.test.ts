import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CollectedFeesPage } from '@crewpay/core';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { addCreator, createOwner, readOutbox, uniqueEmail, upgradePlan } from '../../../test/fixtures.ts';
import { BANK, createDrafts, fundedOwner as funded, injector, paymentRow } from '../../../test/payment-fixtures.ts';
import { advanceClock, createCollaborator } from '../../../test/wallet-fixtures.ts';
import { runMonthlyBilling } from './index.ts';
import { advanceClockTo, readBilling } from './billing-fixtures.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ SANDBOX_ACH_DELAY_SECONDS: '60' });
});

type Headers = Record<string, string>;
const inject = (...args: Parameters<ReturnType<typeof injector>>) => injector(ctx.app)(...args);

async function collectedFees(headers: Headers, query = ''): Promise<CollectedFeesPage> {
  const response = await inject('GET', `/v1/collected_fees${query}`, headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<CollectedFeesPage>();
}

/** The fee account's entries straight from the ledger: the list must be exactly these. */
async function ledgerFeeEntries(orgId: string) {
  const result = await ctx.deps.db.execute<{ id: string; amount: string }>(sql`
    SELECT e.id, e.amount::text AS amount FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
    WHERE a.org_id = ${orgId} AND a.kind = 'fees' ORDER BY e.id`);
  const balance = await ctx.deps.db.execute<{ balance: string }>(
    sql`SELECT balance::text AS balance FROM ledger_accounts WHERE org_id = ${orgId} AND kind = 'fees'`,
  );
  return {
    entries: result.rows.map((row) => ({ id: row.id, amount: Number(row.amount) })),
    balance: Number(balance.rows[0]?.balance ?? 0),
  };
}

/** An owner on the standard plan charged once, who also paid a creator with a $1.50 payment fee. */
async function ownerWithFees() {
  const owner = await funded(ctx.app, 100_000);
  await ctx.deps.db.execute(sql`UPDATE fee_schedules SET flat_rate = 150 WHERE org_id = ${owner.org.id} AND type = 'outbound_payment'`);
  const creator = await addCreator(ctx.app, owner.headers, BANK);
  const [draft] = await createDrafts(ctx.app, owner.headers, [paymentRow(creator.id, 10_000)]);
  expect((await inject('PUT', '/v1/payments/initiate', owner.headers, { ids: [draft!.id] })).statusCode).toBe(200);
  await advanceClock(ctx.app, 61);
  await upgradePlan(ctx.app, owner.headers);
  const billingDate = (await readBilling(ctx.app, owner.headers)).next_billing_date!;
  await advanceClockTo(ctx.app, billingDate);
  await runMonthlyBilling(ctx.deps);
  return { ...owner, paymentId: draft!.id, billingDate };
}

describe('GET /v1/collected_fees', () => {
  it("lists exactly the ledger's fee entries, with the type, time, amount and where each came from", async () => {
    const owner = await ownerWithFees();
    const page = await collectedFees(owner.headers);
    const ledger = await ledgerFeeEntries(owner.org.id);
    expect(page.data.map((fee) => ({ id: fee.id, amount: fee.amount })).sort((a, b) => a.id.localeCompare(b.id))).toEqual(ledger.entries);
    expect(page.total).toBe(ledger.entries.length);
    expect(page.total_amount).toBe(ledger.balance);
    expect(page.total_amount).toBe(150 + 24_900);
    expect(page.data).toEqual([
      { id: expect.any(String), type: 'monthly_fee', created_at: expect.any(String), amount: 24_900, link: '/settings?tab=billing' },
      { id: expect.any(String), type: 'payment', created_at: expect.any(String), amount: 150, link: `/payments/${owner.paymentId}` },
    ]);
    // The monthly charge is dated on the sandbox clock: its billing date.
    expect(page.data[0]!.created_at.slice(0, 10)).toBe(owner.billingDate);
  });

  it('pages on the server', async () => {
    const owner = await ownerWithFees();
    const first = await collectedFees(owner.headers, '?page=0&page_size=1');
    const second = await collectedFees(owner.headers, '?page=1&page_size=1');
    const past = await collectedFees(owner.headers, '?page=5&page_size=1');
    expect(first).toMatchObject({ total: 2, page: 0, page_size: 1, has_more: true, total_amount: 25_050 });
    expect(second).toMatchObject({ total: 2, page: 1, has_more: false });
    expect(first.data[0]!.type).toBe('monthly_fee');
    expect(second.data[0]!.type).toBe('payment');
    expect(past).toMatchObject({ data: [], total: 2, has_more: false, total_amount: 25_050 });
  });

  it('answers an empty list to an organisation that paid no fee', async () => {
    const owner = await createOwner(ctx.app);
    expect(await collectedFees(owner.headers)).toEqual({ data: [], total: 0, total_amount: 0, page: 0, page_size: 50, has_more: false });
  });

  it.each([['?page=-1'], ['?page_size=0'], ['?page_size=101'], ['?page=abc'], ['?page=%00'], ['?page=1e400']])(
    'refuses %s with a 400',
    async (query) => {
      const owner = await createOwner(ctx.app);
      const response = await inject('GET', `/v1/collected_fees${query}`, owner.headers);
      expect(response.statusCode, response.body).toBe(400);
    },
  );
});

describe('who may see billing', () => {
  it('keeps each organisation to its own fees and plan', async () => {
    const mine = await ownerWithFees();
    const theirs = await createOwner(ctx.app);
    expect((await collectedFees(theirs.headers)).total).toBe(0);
    expect((await readBilling(ctx.app, theirs.headers)).plan).toBe('free');
    expect((await collectedFees(mine.headers)).total).toBe(2);
  });

  it('is for owners and admins: a collaborator, a creator and a signed-out caller are refused', async () => {
    const owner = await createOwner(ctx.app);
    const collaborator = await createCollaborator(ctx.deps, owner.org.id);
    for (const url of ['/v1/billing', '/v1/collected_fees']) {
      expect((await inject('GET', url, collaborator.headers)).statusCode, url).toBe(403);
      expect((await inject('GET', url, {})).statusCode, url).toBe(401);
    }
    expect((await inject('PUT', '/v1/org/plan', collaborator.headers, { plan: 'standard' })).statusCode).toBe(403);

    const email = uniqueEmail('portal');
    await addCreator(ctx.app, owner.headers, { email });
    const link = (await readOutbox(ctx.app)).filter((mail) => mail.to === email).at(-1)!.links[0]!;
    const session = await ctx.app.inject({
      method: 'POST',
      url: `/v1/expiring_link?id=${link.split('/resetPassword/')[1]}`,
      payload: { password: 'Sup3r-secret!' },
    });
    const creatorHeaders = { 'auth-token': session.json().auth_token as string };
    for (const url of ['/v1/billing', '/v1/collected_fees']) expect((await inject('GET', url, creatorHeaders)).statusCode, url).toBe(403);
    expect((await inject('PUT', '/v1/org/plan', creatorHeaders, { plan: 'standard' })).statusCode).toBe(403);
  });

  it('lets an admin see and upgrade the plan', async () => {
    const owner = await createOwner(ctx.app);
    const admin = await createCollaborator(ctx.deps, owner.org.id);
    await ctx.deps.db.execute(sql`UPDATE users SET role = 'admin' WHERE id = ${admin.user.id}`);
    await upgradePlan(ctx.app, admin.headers);
    expect((await readBilling(ctx.app, admin.headers)).plan).toBe('standard');
    expect((await collectedFees(admin.headers)).total).toBe(0);
  });
});
