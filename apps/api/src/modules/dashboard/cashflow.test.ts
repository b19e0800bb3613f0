import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CashflowAnswer, CashflowBucket } from '@crewpay/core';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { createOwner } from '../../../test/fixtures.ts';
import { createMember } from '../../../test/campaign-fixtures.ts';
import { injector } from '../../../test/payment-fixtures.ts';
import { campaignWithMoney, ledgerSumsOf } from '../../../test/profit-fixtures.ts';

let ctx: TestContext;
let world: Awaited<ReturnType<typeof campaignWithMoney>>;
beforeAll(async () => {
  ctx = await createTestContext({ SANDBOX_ACH_DELAY_SECONDS: '60' });
  world = await campaignWithMoney(ctx);
});

const get = (url: string, headers: Record<string, string>) => injector(ctx.app)('GET', url, headers);
const FIGURES = ['money_in', 'invoice_receipts', 'wallet_funding', 'money_out', 'payouts', 'fees', 'refunds', 'disputes'] as const;
const totalOf = (buckets: CashflowBucket[]) =>
  Object.fromEntries(FIGURES.map((figure) => [figure, buckets.reduce((sum, bucket) => sum + bucket[figure], 0)]));

/** The ledger's word on the organisation: the balances of every account inside its books, and all its fees. */
async function ledgerOf(orgId: string) {
  const result = await ctx.deps.db.execute<{ inside: string; fees: string }>(sql`
    SELECT coalesce(sum(balance) FILTER (WHERE kind NOT IN ('outside_bank', 'fees')), 0)::text AS inside,
      coalesce(sum(balance) FILTER (WHERE kind = 'fees'), 0)::text AS fees
    FROM ledger_accounts WHERE org_id = ${orgId}`);
  return { inside: Number(result.rows[0]!.inside), fees: Number(result.rows[0]!.fees) };
}

describe('GET /v1/dashboard/cashflow', () => {
  it("answers 12 months of money in and out whose sums equal the ledger's to the cent", async () => {
    const { owner, invoices, other, payments } = world;
    const response = await get('/v1/dashboard/cashflow?interval=month', owner.headers);
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<CashflowAnswer>();
    expect(answer.interval).toBe('month');
    expect(answer.buckets).toHaveLength(12);
    const thisMonth = `${new Date().toISOString().slice(0, 7)}-01`;
    expect(answer.buckets.at(-1)!.start).toBe(thisMonth);
    expect(answer.buckets.map((bucket) => bucket.start)).toEqual([...answer.buckets.map((bucket) => bucket.start)].sort());

    const sums = await ledgerSumsOf(
      ctx,
      owner.org.id,
      [...invoices, other, ...payments].map((row) => row.id),
    );
    const ledger = await ledgerOf(owner.org.id);
    const total = totalOf(answer.buckets);
    expect(total).toEqual({
      money_in: 100_000 + 42_000,
      invoice_receipts: 42_000,
      wallet_funding: 100_000,
      money_out: total.payouts! + ledger.fees + 2_500 + 5_000,
      payouts: sums.outside(['payment_succeeded']),
      fees: ledger.fees,
      refunds: 2_500,
      disputes: 5_000,
    });
    expect(total.payouts).toBe(payments.reduce((sum, payment) => sum + payment.amount, 0));
    // What came in less what went out is what the organisation's books hold now.
    expect(total.money_in! - total.money_out!).toBe(ledger.inside);
  });

  it('answers the same sums by week, 52 or 53 of them, each starting on a Monday', async () => {
    const [byMonth, byWeek] = await Promise.all(
      ['month', 'week'].map(async (interval) =>
        (await get(`/v1/dashboard/cashflow?interval=${interval}`, world.owner.headers)).json<CashflowAnswer>(),
      ),
    );
    expect([52, 53]).toContain(byWeek!.buckets.length);
    expect(byWeek!.buckets.every((bucket) => new Date(`${bucket.start}T00:00:00Z`).getUTCDay() === 1)).toBe(true);
    expect(totalOf(byWeek!.buckets)).toEqual(totalOf(byMonth!.buckets));
  });

  it('shows an organisation only its own money, to every member of its staff, and refuses a creator and a bad interval', async () => {
    const stranger = await createOwner(ctx.app);
    const theirs = (await get('/v1/dashboard/cashflow', stranger.headers)).json<CashflowAnswer>();
    expect(theirs.interval).toBe('month');
    expect(totalOf(theirs.buckets)).toEqual(Object.fromEntries(FIGURES.map((figure) => [figure, 0])));

    const teamMember = await createMember(ctx.deps, world.owner.org.id, 'collaborator');
    const seen = await get('/v1/dashboard/cashflow', teamMember.headers);
    expect(seen.statusCode).toBe(200);
    expect(totalOf(seen.json<CashflowAnswer>().buckets).money_in).toBe(142_000);

    const creator = await createMember(ctx.deps, world.owner.org.id, 'creator');
    expect((await get('/v1/dashboard/cashflow', creator.headers)).statusCode).toBe(403);
    expect((await get('/v1/dashboard/cashflow', {})).statusCode).toBe(401);

    const bad = await get('/v1/dashboard/cashflow?interval=year', world.owner.headers);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Choose week or month');
  });
});
