import { beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { invoiceScheduleMessages } from '@crewpay/core';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { createOwner } from '../../../test/fixtures.ts';
import { activate } from '../../../test/wallet-fixtures.ts';
import { addCustomer, createMember } from '../../../test/campaign-fixtures.ts';
import { sendInvoice } from '../../../test/invoice-fixtures.ts';
import { invoices, invoiceScheduleRuns, invoiceSchedules } from '../../db/schema/index.ts';
import { advanceSandboxClock, sandboxNow } from '../../lib/clock.ts';
import { runInvoiceSchedules } from './schedule-runs.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

type Headers = Record<string, string>;
type Schedule = {
  id: string;
  interval: string;
  every: number;
  next_date: string | null;
  sent_count: number;
  status: string;
  count: number | null;
};
const DAY = 86_400;
// The clock itself, not POST /dev/clock/advance (which also runs the due work): the job is what is tested.
const moveClock = (seconds: number) => advanceSandboxClock(ctx.deps.db, seconds);
const post = (url: string, headers: Headers, payload?: object) => ctx.app.inject({ method: 'POST', url, headers, payload });
const put = (url: string, headers: Headers, payload: object) => ctx.app.inject({ method: 'PUT', url, headers, payload });
const today = async (days = 0) => new Date((await sandboxNow(ctx.deps.db)).getTime() + days * DAY * 1000).toISOString().slice(0, 10);
const periodsOf = async (scheduleId: string) =>
  (
    await ctx.deps.db
      .select({ period: invoiceScheduleRuns.period })
      .from(invoiceScheduleRuns)
      .where(eq(invoiceScheduleRuns.schedule_id, scheduleId))
      .orderBy(asc(invoiceScheduleRuns.period))
  ).map((row) => row.period);
const invoicesOf = async (customerId: string) =>
  (await ctx.deps.db.select().from(invoices).where(eq(invoices.customer_id, customerId))).length;

/** An owner's open invoice repeating monthly from today, its first period already sent. */
async function monthlySent() {
  const owner = await createOwner(ctx.app);
  await activate(ctx.app, owner.headers);
  const customer = await addCustomer(ctx.app, owner.headers);
  const invoice = await sendInvoice(ctx.app, owner.headers, { customer_id: customer.id });
  const created = await post(`/v1/invoices/${invoice.id}/schedule`, owner.headers, {
    interval: 'month',
    every: 1,
    start_date: await today(),
  });
  expect(created.statusCode, created.body).toBe(200);
  expect(await runInvoiceSchedules(ctx.deps)).toBe(1);
  return { owner, customer, schedule: created.json<Schedule>() };
}

async function edit(headers: Headers, id: string, body: object) {
  const response = await put(`/v1/invoice_schedules/${id}`, headers, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Schedule>();
}

describe('editing a schedule', () => {
  it('repeats weekly from the invoice already sent, never sends a sent period again, and ends on the new end', async () => {
    const { owner, customer, schedule } = await monthlySent();
    const weekly = await edit(owner.headers, schedule.id, { interval: 'week', every: 1 });
    expect(weekly).toMatchObject({ interval: 'week', every: 1, next_date: await today(7), sent_count: 1, status: 'active' });
    expect(await runInvoiceSchedules(ctx.deps)).toBe(0);

    await moveClock(7 * DAY);
    expect(await runInvoiceSchedules(ctx.deps)).toBe(1);
    expect(await periodsOf(schedule.id)).toEqual([0, 1]);
    expect(await invoicesOf(customer.id)).toBe(3);

    const counted = await edit(owner.headers, schedule.id, { interval: 'week', every: 2, count: 3 });
    expect(counted).toMatchObject({ count: 3, next_date: await today(14), status: 'active' });
    // An end date before the next invoice's day: nothing more to send.
    const ended = await edit(owner.headers, schedule.id, { interval: 'week', every: 2, end_date: await today(1) });
    expect(ended).toMatchObject({ status: 'ended', next_date: null, sent_count: 2 });
    await moveClock(30 * DAY);
    expect(await runInvoiceSchedules(ctx.deps)).toBe(0);
    const again = await put(`/v1/invoice_schedules/${schedule.id}`, owner.headers, { interval: 'week', every: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(invoiceScheduleMessages.ended);
  });

  it('sends the next invoice today, not a catch-up of missed weeks, when the new repeat is already overdue', async () => {
    const { owner, schedule } = await monthlySent();
    await moveClock(20 * DAY);
    expect(await edit(owner.headers, schedule.id, { interval: 'week', every: 1 })).toMatchObject({ next_date: await today() });
    expect(await runInvoiceSchedules(ctx.deps)).toBe(1);
    expect(await periodsOf(schedule.id)).toEqual([0, 1]);
    const [row] = await ctx.deps.db.select().from(invoiceSchedules).where(eq(invoiceSchedules.id, schedule.id));
    expect(row).toMatchObject({ next_date: await today(7), sent_count: 2 });
  });

  it('refuses a bad repeat or end with its message, and is for owners and admins of the organisation only', async () => {
    const { owner, schedule } = await monthlySent();
    const cases: [object, number, string][] = [
      [{ interval: 'day', every: 1 }, 400, invoiceScheduleMessages.interval],
      [{ interval: 'week', every: 13 }, 400, invoiceScheduleMessages.every],
      [{ interval: 'week', every: 1, end_date: await today(9), count: 4 }, 400, invoiceScheduleMessages.endOrCount],
      [{ interval: 'week', every: 1, end_date: await today(-1) }, 400, invoiceScheduleMessages.endPast],
      [{ interval: 'week', every: 1, count: 1 }, 400, invoiceScheduleMessages.countBelowSent],
      [{ interval: 'week', every: 1, count: 'three' }, 400, invoiceScheduleMessages.count],
    ];
    for (const [body, status, message] of cases) {
      const response = await put(`/v1/invoice_schedules/${schedule.id}`, owner.headers, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(response.json().message, JSON.stringify(body)).toBe(message);
    }
    const member = await createMember(ctx.deps, owner.org.id, 'collaborator');
    expect((await put(`/v1/invoice_schedules/${schedule.id}`, member.headers, { interval: 'week', every: 1 })).statusCode).toBe(403);
    const admin = await createMember(ctx.deps, owner.org.id, 'admin');
    expect(await edit(admin.headers, schedule.id, { interval: 'month', every: 2 })).toMatchObject({ every: 2, status: 'active' });
    const other = await createOwner(ctx.app);
    expect((await put(`/v1/invoice_schedules/${schedule.id}`, other.headers, { interval: 'week', every: 1 })).statusCode).toBe(404);
  });
});
