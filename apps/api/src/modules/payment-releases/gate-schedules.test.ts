import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { paymentGateMessages } from '@crewpay/core';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { sendContract } from '../../../test/contract-fixtures.ts';
import { addDeliverable, campaignDraft, setGate, signLatestContract } from '../../../test/gate-fixtures.ts';
import { injector, walletBalance } from '../../../test/payment-fixtures.ts';
import { paymentGates, paymentScheduleRuns, payments } from '../../db/schema/index.ts';
import { advanceSandboxClock, sandboxNow } from '../../lib/clock.ts';
import { releaseGatedPayments } from './gate-release.ts';
import { runDueSchedules } from '../payment-schedules/index.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

type Headers = Record<string, string>;
const call = (...args: Parameters<ReturnType<typeof injector>>) => injector(ctx.app)(...args);
const WEEK = 7 * 86_400;
const today = async () => (await sandboxNow(ctx.deps.db)).toISOString().slice(0, 10);
const runsOf = async (scheduleId: string) =>
  (await ctx.deps.db.select().from(paymentScheduleRuns).where(eq(paymentScheduleRuns.schedule_id, scheduleId))).sort(
    (a, b) => a.period - b.period,
  );
const statuses = async (ids: string[]) =>
  (await ctx.deps.db.select({ status: payments.status }).from(payments).where(inArray(payments.id, ids))).map((row) => row.status);
const homeList = async (headers: Headers) => (await call('GET', '/v1/payment_schedules', headers)).json().data as { id: string }[];

async function schedule(headers: Headers, body: object) {
  const response = await call('POST', '/v1/payment_schedules', headers, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: { id: string }[] }>().data[0]!;
}

describe('scheduled runs of gated payments', () => {
  it('a weekly run of a contract-gated payment waits (with the reason), each copy waits too, and signing executes them once', async () => {
    const { owner, campaign, creator, draft } = await campaignDraft(ctx.app);
    expect((await setGate(ctx.app, owner.headers, draft.id, { requires_contract: true, deliverable_id: null })).statusCode).toBe(200);
    const contract = await sendContract(ctx.app, owner.headers, creator.id, { payment_group_id: campaign.id });
    const weekly = await schedule(owner.headers, { ids: [draft.id], execute_on: await today(), frequency: 'weekly', count: 2 });

    await runDueSchedules(ctx.deps);
    await advanceSandboxClock(ctx.deps.db, WEEK);
    await runDueSchedules(ctx.deps);
    const runs = await runsOf(weekly.id);
    expect(runs).toMatchObject([
      { period: 0, payment_id: draft.id, outcome: 'waiting', reason: paymentGateMessages.waitsForContract },
      { period: 1, outcome: 'waiting', reason: paymentGateMessages.waitsForContract },
    ]);
    const ids = runs.map((run) => run.payment_id);
    // The copy waits for what the template waits for.
    const [copyGate] = await ctx.deps.db.select().from(paymentGates).where(eq(paymentGates.payment_id, ids[1]!));
    expect(copyGate).toMatchObject({ requires_contract: true, deliverable_id: null, execute_on_release: true });
    expect(await statuses(ids)).toEqual(['draft', 'draft']);
    expect(await walletBalance(ctx.app, owner.headers)).toBe(100_000);
    // The schedule has ended, yet its payments are still to come: on the payment and on Home, with why.
    const mine = (await call('GET', `/v1/payment_schedules?payment_id=${draft.id}`, owner.headers)).json().data;
    expect(mine).toMatchObject([{ id: weekly.id, status: 'ended', waiting_reasons: [paymentGateMessages.waitsForContract] }]);
    expect((await homeList(owner.headers)).map((row) => row.id)).toEqual([weekly.id]);

    expect((await signLatestContract(ctx.app, creator.email)).statusCode).toBe(200);
    expect(await statuses(ids)).toEqual(['processing', 'processing']);
    const paid = await walletBalance(ctx.app, owner.headers);
    expect(paid).toBeLessThanOrEqual(100_000 - 20_000);
    await releaseGatedPayments(ctx.deps, ctx.deps.db, {
      org_id: owner.org.id,
      type: 'contract.signed',
      data: { contract_id: contract.id },
    });
    expect(await walletBalance(ctx.app, owner.headers)).toBe(paid);
    expect(await runsOf(weekly.id)).toMatchObject([
      { outcome: 'executed', reason: null },
      { outcome: 'executed', reason: null },
    ]);
    expect(await homeList(owner.headers)).toEqual([]);
  });

  it('a run of a deliverable-gated payment waits until the deliverable is approved, then executes once', async () => {
    const { owner, campaign, creator, draft } = await campaignDraft(ctx.app);
    const deliverable = await addDeliverable(ctx.app, owner.headers, campaign.id, creator.id, 'Unboxing video');
    await setGate(ctx.app, owner.headers, draft.id, { requires_contract: false, deliverable_id: deliverable.id });
    const once = await schedule(owner.headers, { ids: [draft.id], execute_on: await today() });
    await Promise.all([runDueSchedules(ctx.deps), runDueSchedules(ctx.deps)]);
    const reason = paymentGateMessages.waitsForDeliverable('Unboxing video');
    expect(await runsOf(once.id)).toMatchObject([{ outcome: 'waiting', reason }]);
    expect((await homeList(owner.headers))[0]).toMatchObject({ id: once.id, waiting_reasons: [reason] });

    const approve = () => call('POST', `/v1/deliverables/${deliverable.id}/approval`, owner.headers, { status: 'approved' });
    expect((await approve()).statusCode).toBe(200);
    expect(await statuses([draft.id])).toEqual(['processing']);
    const paid = await walletBalance(ctx.app, owner.headers);
    await releaseGatedPayments(ctx.deps, ctx.deps.db, {
      org_id: owner.org.id,
      type: 'deliverable.approved',
      data: { deliverable_id: deliverable.id },
    });
    expect(await walletBalance(ctx.app, owner.headers)).toBe(paid);
    expect(await runsOf(once.id)).toMatchObject([{ outcome: 'executed' }]);
    expect(await homeList(owner.headers)).toEqual([]);
  });
});
