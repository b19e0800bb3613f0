import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { addCreator, readOutbox } from '../../../test/fixtures.ts';
import { BANK, createDrafts, fundedOwner as funded, injector, paymentRow as row, walletBalance } from '../../../test/payment-fixtures.ts';
import { advanceClock, createCollaborator } from '../../../test/wallet-fixtures.ts';
import { paymentScheduleRuns } from '../../db/schema/index.ts';
import { advanceSandboxClock, sandboxNow } from '../../lib/clock.ts';
import { runDueSchedules } from './schedule-runs.ts';
import { unfundedRunText } from './schedule-notices.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

type Headers = Record<string, string>;
const inject = (...args: Parameters<ReturnType<typeof injector>>) => injector(ctx.app)(...args);
const DAY = 86_400;
/** A day of the sandbox clock, `days` from now (YYYY-MM-DD). */
const dayFromNow = async (days: number) =>
  new Date((await sandboxNow(ctx.deps.db)).getTime() + days * DAY * 1000).toISOString().slice(0, 10);
const payment = async (headers: Headers, id: string) => (await inject('GET', `/v1/payments/${id}`, headers)).json();
const runsOf = (scheduleId: string) =>
  ctx.deps.db.select().from(paymentScheduleRuns).where(eq(paymentScheduleRuns.schedule_id, scheduleId));

async function scheduled(headers: Headers, body: object) {
  const response = await inject('POST', '/v1/payment_schedules', headers, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: { id: string; payment_id: string; status: string; next_run_at: string }[] }>().data;
}

describe('scheduled payouts', () => {
  it('runs a payment once at its date, with two workers ticking at the same time', async () => {
    const owner = await funded(ctx.app, 100_000);
    const creator = await addCreator(ctx.app, owner.headers, BANK);
    const [draft] = await createDrafts(ctx.app, owner.headers, [row(creator.id, 25_000)]);
    const [schedule] = await scheduled(owner.headers, { ids: [draft!.id], execute_on: await dayFromNow(2) });
    expect((await inject('GET', `/v1/payment_schedules?payment_id=${draft!.id}`, owner.headers)).json().data[0]).toMatchObject({
      id: schedule!.id,
      status: 'active',
      amount: 25_000,
      frequency: 'once',
    });
    await runDueSchedules(ctx.deps);
    expect((await payment(owner.headers, draft!.id)).status).toBe('draft');

    // The clock moved without the dev route (which runs due schedules itself): the two ticks run it.
    await advanceSandboxClock(ctx.deps.db, 2 * DAY);
    await Promise.all([runDueSchedules(ctx.deps), runDueSchedules(ctx.deps)]);
    await runDueSchedules(ctx.deps);
    expect(await runsOf(schedule!.id)).toMatchObject([{ period: 0, payment_id: draft!.id, outcome: 'executed' }]);
    expect((await payment(owner.headers, draft!.id)).status).not.toBe('draft');
    expect(await walletBalance(ctx.app, owner.headers)).toBe(75_000);
    const listed = (await inject('GET', `/v1/payment_schedules?payment_id=${draft!.id}`, owner.headers)).json().data;
    expect(listed[0]).toMatchObject({ status: 'ended', runs: 1 });
    expect((await inject('GET', '/v1/payment_schedules', owner.headers)).json().data).toEqual([]);
  });

  it('leaves an unfunded run a draft, notifies and emails the owners, and never overdraws', async () => {
    const owner = await funded(ctx.app, 5_000);
    const creator = await addCreator(ctx.app, owner.headers, BANK);
    const [draft] = await createDrafts(ctx.app, owner.headers, [row(creator.id, 25_000)]);
    const [schedule] = await scheduled(owner.headers, { ids: [draft!.id], execute_on: await dayFromNow(0) });
    await runDueSchedules(ctx.deps);
    expect(await runsOf(schedule!.id)).toMatchObject([{ outcome: 'unfunded' }]);
    expect((await payment(owner.headers, draft!.id)).status).toBe('draft');
    expect(await walletBalance(ctx.app, owner.headers)).toBe(5_000);
    const notices = (await inject('GET', '/v1/notifications', owner.headers)).json();
    expect(JSON.stringify(notices)).toContain(unfundedRunText);
    const email = (await readOutbox(ctx.app)).find((message) => message.to === owner.user.email && message.text.includes(unfundedRunText));
    expect(email).toBeDefined();
    // The schedule is over (its one period ran): the draft waits for a person to execute it.
    expect((await inject('GET', `/v1/payment_schedules?payment_id=${draft!.id}`, owner.headers)).json().data[0].status).toBe('ended');
  });

  it('creates and executes one payment per week and stops at its count', async () => {
    const owner = await funded(ctx.app, 1_000_000);
    const creator = await addCreator(ctx.app, owner.headers, BANK);
    const [draft] = await createDrafts(ctx.app, owner.headers, [row(creator.id, 10_000, { memo: 'Retainer' })]);
    const [schedule] = await scheduled(owner.headers, { ids: [draft!.id], execute_on: await dayFromNow(0), frequency: 'weekly', count: 3 });
    for (let week = 0; week < 5; week += 1) {
      await runDueSchedules(ctx.deps);
      await advanceClock(ctx.app, 7 * DAY);
    }
    const runs = await runsOf(schedule!.id);
    expect(runs.map((run) => [run.period, run.outcome]).sort()).toEqual([
      [0, 'executed'],
      [1, 'executed'],
      [2, 'executed'],
    ]);
    const paid = await ctx.deps.db.execute<{ count: string }>(
      sql`SELECT count(*)::text AS count FROM payments WHERE org_id = ${owner.org.id} AND memo = 'Retainer' AND status <> 'draft'`,
    );
    expect(paid.rows[0]!.count).toBe('3');
    expect(await walletBalance(ctx.app, owner.headers)).toBe(1_000_000 - 30_000);
  });

  it('does not run a cancelled schedule', async () => {
    const owner = await funded(ctx.app, 100_000);
    const creator = await addCreator(ctx.app, owner.headers, BANK);
    const [draft] = await createDrafts(ctx.app, owner.headers, [row(creator.id)]);
    const [schedule] = await scheduled(owner.headers, { ids: [draft!.id], execute_on: await dayFromNow(1) });
    const collaborator = await createCollaborator(ctx.deps, owner.org.id);
    expect((await inject('DELETE', `/v1/payment_schedules/${schedule!.id}`, collaborator.headers)).statusCode).toBe(403);
    const cancelled = await inject('DELETE', `/v1/payment_schedules/${schedule!.id}`, owner.headers);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled' });
    await advanceClock(ctx.app, DAY);
    await runDueSchedules(ctx.deps);
    expect(await runsOf(schedule!.id)).toEqual([]);
    expect((await payment(owner.headers, draft!.id)).status).toBe('draft');
  });
});

describe('POST /v1/payment_schedules refusals', () => {
  it('is for owners and admins, never an API key, and only for the caller organisation drafts', async () => {
    const owner = await funded(ctx.app, 0);
    const other = await funded(ctx.app, 0);
    const creator = await addCreator(ctx.app, owner.headers, BANK);
    const [draft] = await createDrafts(ctx.app, owner.headers, [row(creator.id)]);
    const body = { ids: [draft!.id], execute_on: await dayFromNow(1) };
    const collaborator = await createCollaborator(ctx.deps, owner.org.id);
    expect((await inject('POST', '/v1/payment_schedules', collaborator.headers, body)).statusCode).toBe(403);
    const key = (await inject('POST', '/v1/org_api_token', owner.headers, {})).json<{ key: string }>().key;
    expect((await inject('POST', '/v1/payment_schedules', { authorization: `Bearer ${key}` }, body)).statusCode).toBe(403);
    const foreign = await inject('POST', '/v1/payment_schedules', other.headers, body);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe('Only draft payments can be scheduled');
    const [schedule] = await scheduled(owner.headers, body);
    expect((await inject('DELETE', `/v1/payment_schedules/${schedule!.id}`, other.headers)).statusCode).toBe(404);
    expect((await inject('GET', `/v1/payment_schedules?payment_id=${draft!.id}`, other.headers)).json().data).toEqual([]);
    const again = await inject('POST', '/v1/payment_schedules', owner.headers, body);
    expect(again.statusCode).toBe(409);
  });

  it('answers bad input with 400 and the form messages', async () => {
    const owner = await funded(ctx.app, 0);
    const creator = await addCreator(ctx.app, owner.headers, BANK);
    const [draft] = await createDrafts(ctx.app, owner.headers, [row(creator.id)]);
    const ids = [draft!.id];
    const tomorrow = await dayFromNow(1);
    const cases: [object, string | null][] = [
      [{ ids, execute_on: '2026-12-01\u0000' }, 'Text must not contain the NUL character'],
      [{ ids, execute_on: '2026-13-45' }, 'Enter the date to execute on'],
      [{ ids, execute_on: await dayFromNow(-1) }, 'Choose today or a later date'],
      [{ ids, execute_on: tomorrow, frequency: 'weekly', count: 1e300 }, 'Enter a number of payments from 1 to 120'],
      [{ ids, execute_on: tomorrow, frequency: 'monthly' }, 'Choose an end date or a number of payments for a repeating payment'],
      [{ ids, execute_on: tomorrow, frequency: 'monthly', until: '2000-01-01' }, 'Enter an end date on or after the execute date'],
      [{ ids: ['not-an-id\u0000'], execute_on: tomorrow }, null],
      [{ ids, execute_on: tomorrow, frequency: 'daily' }, null],
    ];
    for (const [body, message] of cases) {
      const response = await inject('POST', '/v1/payment_schedules', owner.headers, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      if (message) expect(response.body).toContain(message);
    }
    // A path id that is no uuid names nothing (the API's convention for ids in paths).
    expect((await inject('DELETE', '/v1/payment_schedules/not-a-uuid', owner.headers)).statusCode).toBe(404);
    expect((await inject('GET', '/v1/payment_schedules?payment_id=%00', owner.headers)).statusCode).toBe(400);
  });
});
