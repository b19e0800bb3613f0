import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, operatorHeaders, type TestContext } from '../../../test/context.ts';
import { upgradePlan } from '../../../test/fixtures.ts';
import { fundedOwner as funded, injector, walletBalance } from '../../../test/payment-fixtures.ts';
import { linkVerifiedBank } from '../../../test/wallet-fixtures.ts';
import { reconcileLedger } from '../ledger/reconcile.ts';
import { MONTHLY_BILLING_JOB, runMonthlyBilling } from './index.ts';
import { advanceClockTo, dayBefore, readBilling } from './billing-fixtures.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ SANDBOX_ACH_DELAY_SECONDS: '60' });
});

type Headers = Record<string, string>;
const inject = (...args: Parameters<ReturnType<typeof injector>>) => injector(ctx.app)(...args);
const balance = (headers: Headers) => walletBalance(ctx.app, headers);

async function chargesOf(orgId: string) {
  const result = await ctx.deps.db.execute<{ period: string; amount: string; status: string }>(
    sql`SELECT period, amount::text AS amount, status FROM billing_charges WHERE org_id = ${orgId} ORDER BY period`,
  );
  return result.rows.map((row) => ({ ...row, amount: Number(row.amount) }));
}

async function billingTransfers(orgId: string) {
  const result = await ctx.deps.db.execute<{ key: string }>(
    sql`SELECT idempotency_key AS key FROM ledger_transfers WHERE org_id = ${orgId} AND type = 'billing_monthly_fee' ORDER BY idempotency_key`,
  );
  return result.rows.map((row) => row.key);
}

const notificationTexts = async (headers: Headers) =>
  (await inject('GET', '/v1/notifications', headers)).json().map((item: { text: string }) => item.text) as string[];

describe('PUT /v1/org/plan and GET /v1/billing', () => {
  it('upgrades to the Premium plan, billed from the 1st of next month at 24900 cents', async () => {
    const owner = await funded(ctx.app, 100_000);
    expect(await readBilling(ctx.app, owner.headers)).toEqual({
      plan: 'free',
      status: 'active',
      monthly_price: 24_900,
      upgraded_at: null,
      next_billing_date: null,
      owed: 0,
      scheduled_change: null,
    });
    await upgradePlan(ctx.app, owner.headers);
    const clock = (await ctx.app.inject({ method: 'GET', url: '/dev/clock', headers: operatorHeaders })).json<{ now: string }>().now;
    const billing = await readBilling(ctx.app, owner.headers);
    const now = new Date(clock);
    const firstOfNext = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString().slice(0, 10);
    expect(billing).toMatchObject({ plan: 'standard', status: 'active', monthly_price: 24_900, next_billing_date: firstOfNext, owed: 0 });
    expect(billing.upgraded_at).not.toBeNull();
    // A second upgrade moves nothing: the billing date stays.
    await upgradePlan(ctx.app, owner.headers);
    expect((await readBilling(ctx.app, owner.headers)).upgraded_at).toBe(billing.upgraded_at);
  });
});

describe('the monthly charge', () => {
  it('is not charged in the upgrade month, then once on the billing date across retries and concurrent workers', async () => {
    const owner = await funded(ctx.app, 100_000);
    await upgradePlan(ctx.app, owner.headers);
    const { next_billing_date: billingDate } = await readBilling(ctx.app, owner.headers);

    await advanceClockTo(ctx.app, dayBefore(billingDate!));
    await runMonthlyBilling(ctx.deps);
    expect(await chargesOf(owner.org.id)).toEqual([]);
    expect(await balance(owner.headers)).toBe(100_000);

    await advanceClockTo(ctx.app, billingDate!);
    // Five workers at once, then the scheduled job twice more (a retry after the work was done).
    await Promise.all(Array.from({ length: 5 }, () => runMonthlyBilling(ctx.deps)));
    await ctx.deps.jobs.send(MONTHLY_BILLING_JOB, {});
    await ctx.deps.jobs.send(MONTHLY_BILLING_JOB, {});

    const period = billingDate!.slice(0, 7);
    expect(await chargesOf(owner.org.id)).toEqual([{ period, amount: 24_900, status: 'paid' }]);
    expect(await billingTransfers(owner.org.id)).toEqual([`billing:${owner.org.id}:${period}`]);
    expect(await balance(owner.headers)).toBe(100_000 - 24_900);
    // The wallet's transactions explain the balance: one debit for the month.
    const transactions = (await inject('GET', `/v1/wallets/${owner.walletId}/transactions`, owner.headers)).json().data as {
      flow_type: string;
      amount: number;
      memo: string;
      status: string;
    }[];
    const monthName = new Date(`${billingDate}T00:00:00Z`).toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
    expect(transactions.filter((row) => row.flow_type === 'received_debit')).toEqual([
      expect.objectContaining({ amount: -24_900, memo: `Premium plan, ${monthName}`, status: 'succeeded' }),
    ]);
    const after = await readBilling(ctx.app, owner.headers);
    expect(after.next_billing_date! > billingDate!).toBe(true);
    expect(after.next_billing_date!.endsWith('-01')).toBe(true);
    expect(
      (await notificationTexts(owner.headers)).filter((text) => text.startsWith('Your Premium plan was charged $249.00')),
    ).toHaveLength(1);
    expect((await reconcileLedger(ctx.deps)).problems).toEqual([]);
  });

  it('charges each month once, in order, when the job was away for two months', async () => {
    const owner = await funded(ctx.app, 100_000);
    await upgradePlan(ctx.app, owner.headers);
    const first = (await readBilling(ctx.app, owner.headers)).next_billing_date!;
    const second = new Date(Date.UTC(Number(first.slice(0, 4)), Number(first.slice(5, 7)), 1)).toISOString().slice(0, 10);
    await advanceClockTo(ctx.app, second);
    await Promise.all([runMonthlyBilling(ctx.deps), runMonthlyBilling(ctx.deps)]);
    expect((await chargesOf(owner.org.id)).map((charge) => [charge.period, charge.status])).toEqual([
      [first.slice(0, 7), 'paid'],
      [second.slice(0, 7), 'paid'],
    ]);
    expect(await balance(owner.headers)).toBe(100_000 - 2 * 24_900);
  });

  it('never charges an organisation on the free plan', async () => {
    const owner = await funded(ctx.app, 100_000);
    const { now } = (await ctx.app.inject({ method: 'GET', url: '/dev/clock', headers: operatorHeaders })).json<{ now: string }>();
    const date = new Date(now);
    await advanceClockTo(ctx.app, new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 2)).toISOString().slice(0, 10));
    await runMonthlyBilling(ctx.deps);
    expect(await chargesOf(owner.org.id)).toEqual([]);
    expect(await balance(owner.headers)).toBe(100_000);
  });
});

describe('delinquency', () => {
  it('starts when the wallet cannot cover the charge, blocks actions, and ends when funds are loaded', async () => {
    const owner = await funded(ctx.app, 10_000);
    await upgradePlan(ctx.app, owner.headers);
    const { next_billing_date: billingDate } = await readBilling(ctx.app, owner.headers);
    await advanceClockTo(ctx.app, billingDate!);
    await runMonthlyBilling(ctx.deps);
    await runMonthlyBilling(ctx.deps);

    expect((await inject('GET', '/v1/org', owner.headers)).json().billing_status).toBe('delinquent');
    expect(await readBilling(ctx.app, owner.headers)).toMatchObject({ status: 'delinquent', owed: 24_900 });
    expect(await balance(owner.headers)).toBe(10_000);
    expect(await billingTransfers(owner.org.id)).toEqual([]);
    expect(
      (await notificationTexts(owner.headers)).filter((text) => text === "Your Organization's billing is delinquent, please add funds"),
    ).toHaveLength(1);
    // Document 000 section 6: a delinquent organisation cannot bulk add creators.
    const bulk = await inject('POST', '/v1/creators/bulk', owner.headers, [{ email: 'someone@example.com' }]);
    expect(bulk.statusCode).toBe(403);

    await inject('POST', '/v1/treasury/load', owner.headers, { amount: 20_000 });
    expect((await inject('GET', '/v1/org', owner.headers)).json().billing_status).toBe('active');
    expect(await readBilling(ctx.app, owner.headers)).toMatchObject({ status: 'active', owed: 0 });
    expect(await balance(owner.headers)).toBe(30_000 - 24_900);
    expect(await chargesOf(owner.org.id)).toEqual([{ period: billingDate!.slice(0, 7), amount: 24_900, status: 'paid' }]);
    expect(await notificationTexts(owner.headers)).toContain('Your billing is up to date again');
  });

  it('ends when an ACH debit settles on the sandbox clock', async () => {
    const owner = await funded(ctx.app, 0);
    const paymentMethod = await linkVerifiedBank(ctx.app, owner.headers, owner.user.email);
    await upgradePlan(ctx.app, owner.headers);
    const { next_billing_date: billingDate } = await readBilling(ctx.app, owner.headers);
    await advanceClockTo(ctx.app, billingDate!);
    await runMonthlyBilling(ctx.deps);
    expect((await readBilling(ctx.app, owner.headers)).status).toBe('delinquent');

    const debit = await inject('POST', '/v1/treasury/ach_debit', owner.headers, { amount: 50_000, payment_method: paymentMethod });
    expect(debit.statusCode, debit.body).toBe(200);
    expect((await readBilling(ctx.app, owner.headers)).status).toBe('delinquent');
    await ctx.app.inject({ method: 'POST', url: '/dev/clock/advance', headers: operatorHeaders, payload: { seconds: 61 } });
    expect(await readBilling(ctx.app, owner.headers)).toMatchObject({ status: 'active', owed: 0 });
    expect(await balance(owner.headers)).toBe(50_000 - 24_900);
  });

  it('collects once when funds arrive while billing workers run', async () => {
    const owner = await funded(ctx.app, 0);
    await upgradePlan(ctx.app, owner.headers);
    const { next_billing_date: billingDate } = await readBilling(ctx.app, owner.headers);
    await advanceClockTo(ctx.app, billingDate!);
    await runMonthlyBilling(ctx.deps);
    const loads = [30_000, 30_000].map((amount) => inject('POST', '/v1/treasury/load', owner.headers, { amount }));
    const results = await Promise.all([...loads, runMonthlyBilling(ctx.deps), runMonthlyBilling(ctx.deps)]);
    expect(results.slice(0, 2).map((response) => (response as { statusCode: number }).statusCode)).toEqual([200, 200]);
    await runMonthlyBilling(ctx.deps);
    expect(await chargesOf(owner.org.id)).toEqual([{ period: billingDate!.slice(0, 7), amount: 24_900, status: 'paid' }]);
    expect(await billingTransfers(owner.org.id)).toHaveLength(1);
    expect(await balance(owner.headers)).toBe(60_000 - 24_900);
    expect(await readBilling(ctx.app, owner.headers)).toMatchObject({ status: 'active', owed: 0 });
    expect((await reconcileLedger(ctx.deps)).problems).toEqual([]);
  });

  it('stays delinquent when the funds that arrive do not cover what is owed', async () => {
    const owner = await funded(ctx.app, 0);
    await upgradePlan(ctx.app, owner.headers);
    const { next_billing_date: billingDate } = await readBilling(ctx.app, owner.headers);
    await advanceClockTo(ctx.app, billingDate!);
    await runMonthlyBilling(ctx.deps);
    await inject('POST', '/v1/treasury/load', owner.headers, { amount: 24_899 });
    expect(await readBilling(ctx.app, owner.headers)).toMatchObject({ status: 'delinquent', owed: 24_900 });
    expect(await balance(owner.headers)).toBe(24_899);
  });
});
