import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { planChangeMessages } from '@crewpay/core';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { createMember } from '../../../test/campaign-fixtures.ts';
import { addCreator, createOwner, upgradePlan } from '../../../test/fixtures.ts';
import { fundedOwner as funded, injector, walletBalance } from '../../../test/payment-fixtures.ts';
import { runMonthlyBilling } from './index.ts';
import { advanceClockTo, readBilling } from './billing-fixtures.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

type Headers = Record<string, string>;
const inject = (...args: Parameters<ReturnType<typeof injector>>) => injector(ctx.app)(...args);

async function chargedPeriods(orgId: string) {
  const result = await ctx.deps.db.execute<{ period: string }>(
    sql`SELECT period FROM billing_charges WHERE org_id = ${orgId} ORDER BY period`,
  );
  return result.rows.map((row) => row.period);
}

async function premiumOwner() {
  const owner = await funded(ctx.app, 100_000);
  await upgradePlan(ctx.app, owner.headers);
  return owner;
}

describe('POST /v1/billing/downgrade, /cancel and /resume', () => {
  it('schedules a downgrade for the end of the period: repeated, nothing changes; on the billing date the plan is free and uncharged', async () => {
    const owner = await premiumOwner();
    const billingDate = (await readBilling(ctx.app, owner.headers)).next_billing_date!;
    const first = await inject('POST', '/v1/billing/downgrade', owner.headers);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ plan: 'standard', scheduled_change: 'downgrade', next_billing_date: billingDate });
    const again = await inject('POST', '/v1/billing/downgrade', owner.headers);
    expect(again.json()).toEqual(first.json());

    await advanceClockTo(ctx.app, billingDate);
    await runMonthlyBilling(ctx.deps);
    await runMonthlyBilling(ctx.deps);
    expect(await readBilling(ctx.app, owner.headers)).toMatchObject({
      plan: 'free',
      scheduled_change: null,
      next_billing_date: null,
      owed: 0,
    });
    expect(await chargedPeriods(owner.org.id)).toEqual([]);
    expect(await walletBalance(ctx.app, owner.headers)).toBe(100_000);
    // Back on the free plan there is no Premium left to change.
    expect((await inject('POST', '/v1/billing/downgrade', owner.headers)).json().message).toBe(planChangeMessages.notOnPremium);
  });

  it("refuses a downgrade above the free plan's 5 creators with the reason; cancel is allowed and resume undoes it", async () => {
    const owner = await premiumOwner();
    for (let index = 0; index < 6; index += 1) await addCreator(ctx.app, owner.headers);
    const refused = await inject('POST', '/v1/billing/downgrade', owner.headers);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(planChangeMessages.overFreeLimit(6));
    expect((await readBilling(ctx.app, owner.headers)).scheduled_change).toBeNull();

    const cancelled = await inject('POST', '/v1/billing/cancel', owner.headers);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().scheduled_change).toBe('cancel');
    const billingDate = cancelled.json().next_billing_date as string;

    for (let index = 0; index < 2; index += 1) {
      const resumed = await inject('POST', '/v1/billing/resume', owner.headers);
      expect(resumed.statusCode, resumed.body).toBe(200);
      expect(resumed.json()).toMatchObject({ plan: 'standard', scheduled_change: null });
    }
    // Resumed, the billing date is charged as usual.
    await advanceClockTo(ctx.app, billingDate);
    await runMonthlyBilling(ctx.deps);
    expect(await chargedPeriods(owner.org.id)).toEqual([billingDate.slice(0, 7)]);
    expect((await readBilling(ctx.app, owner.headers)).plan).toBe('standard');
  });

  it("is the owner's alone: admins, team members, creators and API keys get 403; the free plan gets its reason", async () => {
    const owner = await premiumOwner();
    const callers: Headers[] = [
      (await createMember(ctx.deps, owner.org.id, 'admin')).headers,
      (await createMember(ctx.deps, owner.org.id, 'collaborator')).headers,
      (await createMember(ctx.deps, owner.org.id, 'creator')).headers,
      { authorization: `Bearer ${(await inject('POST', '/v1/org_api_token', owner.headers)).json<{ key: string }>().key}` },
    ];
    for (const headers of callers) {
      for (const url of ['/v1/billing/downgrade', '/v1/billing/cancel', '/v1/billing/resume']) {
        expect((await inject('POST', url, headers)).statusCode, url).toBe(403);
      }
    }
    expect((await readBilling(ctx.app, owner.headers)).scheduled_change).toBeNull();

    const free = await createOwner(ctx.app);
    for (const url of ['/v1/billing/downgrade', '/v1/billing/cancel', '/v1/billing/resume']) {
      const response = await inject('POST', url, free.headers);
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(planChangeMessages.notOnPremium);
    }
  });

  it("changes only the caller's organisation", async () => {
    const owner = await premiumOwner();
    const other = await premiumOwner();
    expect((await inject('POST', '/v1/billing/cancel', owner.headers)).statusCode).toBe(200);
    expect((await readBilling(ctx.app, other.headers)).scheduled_change).toBeNull();
  });
});
