import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { apiKeyMessages, invoiceScheduleMessages } from '@crewpay/core';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { createOwner } from '../../../test/fixtures.ts';
import { activate } from '../../../test/wallet-fixtures.ts';
import { addCustomer, createMember } from '../../../test/campaign-fixtures.ts';
import { sendInvoice } from '../../../test/invoice-fixtures.ts';
import { emails, invoices, invoiceScheduleRuns } from '../../db/schema/index.ts';
import { advanceSandboxClock, sandboxNow } from '../../lib/clock.ts';
import { runInvoiceSchedules } from './schedule-runs.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

type Headers = Record<string, string>;
const DAY = 86_400;
// The clock itself, not POST /dev/clock/advance (which also runs the due work): the job is what is tested.
const moveClock = (seconds: number) => advanceSandboxClock(ctx.deps.db, seconds);
const get = (url: string, headers: Headers) => ctx.app.inject({ method: 'GET', url, headers });
const post = (url: string, headers: Headers, payload?: object) => ctx.app.inject({ method: 'POST', url, headers, payload });
const today = async (days = 0) => new Date((await sandboxNow(ctx.deps.db)).getTime() + days * DAY * 1000).toISOString().slice(0, 10);
/** Two workers running the job at the same moment; answers how many invoices they sent together. */
const runTwice = async () => (await Promise.all([runInvoiceSchedules(ctx.deps), runInvoiceSchedules(ctx.deps)])).reduce((a, b) => a + b, 0);

async function customerInvoice() {
  const owner = await createOwner(ctx.app);
  await activate(ctx.app, owner.headers);
  const customer = await addCustomer(ctx.app, owner.headers);
  const invoice = await sendInvoice(ctx.app, owner.headers, { customer_id: customer.id, amount: 25_000 });
  return { owner, customer, invoice };
}

async function repeat(headers: Headers, invoiceId: string, body: object) {
  const response = await post(`/v1/invoices/${invoiceId}/schedule`, headers, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ id: string; next_date: string | null; sent_count: number; status: string }>();
}

const invoicesOf = (customerId: string) =>
  ctx.deps.db.select().from(invoices).where(eq(invoices.customer_id, customerId)).orderBy(invoices.seq);
const emailsTo = async (to: string) => (await ctx.deps.db.select().from(emails).where(eq(emails.to, to))).length;

describe('a monthly schedule', () => {
  it('sends one invoice per period as the clock moves, even with two runs at once; Stop ends it', async () => {
    const { owner, customer, invoice } = await customerInvoice();
    const schedule = await repeat(owner.headers, invoice.id, { interval: 'month', every: 1, start_date: await today() });
    expect(schedule).toMatchObject({ next_date: await today(), sent_count: 0, status: 'active' });

    expect(await runTwice()).toBe(1);
    expect(await runTwice()).toBe(0);
    let sent = await invoicesOf(customer.id);
    expect(sent.map((row) => row.amount)).toEqual([25_000, 25_000]);
    expect(sent[1]!.seq).toBe(sent[0]!.seq + 1);
    expect(await emailsTo(customer.email)).toBe(2);

    // A month on (32 days passes any month's next date): the second period, once.
    await moveClock(32 * DAY);
    expect(await runTwice()).toBe(1);
    sent = await invoicesOf(customer.id);
    expect(sent).toHaveLength(3);
    expect(new Set(sent.map((row) => row.number)).size).toBe(3);
    expect(await emailsTo(customer.email)).toBe(3);

    // Each invoice sent links back to its schedule, with the count sent and the next date.
    const fromRun = (await get(`/v1/invoices/${sent[2]!.id}/schedule`, owner.headers)).json().schedule;
    expect(fromRun).toMatchObject({ id: schedule.id, sent_count: 2, status: 'active', template_invoice_id: invoice.id });
    expect(fromRun.invoices.map((row: { id: string }) => row.id)).toEqual([sent[1]!.id, sent[2]!.id]);
    expect(fromRun.next_date > (await today())).toBe(true);

    const member = await createMember(ctx.deps, owner.org.id, 'collaborator');
    expect((await post(`/v1/invoice_schedules/${schedule.id}/stop`, member.headers)).statusCode).toBe(403);
    const admin = await createMember(ctx.deps, owner.org.id, 'admin');
    const stopped = await post(`/v1/invoice_schedules/${schedule.id}/stop`, admin.headers);
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect(stopped.json()).toMatchObject({ status: 'stopped', next_date: null, sent_count: 2 });
    expect((await post(`/v1/invoice_schedules/${schedule.id}/stop`, admin.headers)).json().message).toBe(invoiceScheduleMessages.ended);

    await moveClock(32 * DAY);
    expect(await runTwice()).toBe(0);
    expect(await invoicesOf(customer.id)).toHaveLength(3);
  });

  it('never sends a period whose run is already recorded (the unique key on schedule and period)', async () => {
    const { owner, customer, invoice } = await customerInvoice();
    const schedule = await repeat(owner.headers, invoice.id, { interval: 'month', every: 1, start_date: await today() });
    // As if another worker had sent period 0 and not yet moved the schedule on.
    await ctx.deps.db
      .insert(invoiceScheduleRuns)
      .values({ schedule_id: schedule.id, period: 0, invoice_id: invoice.id, org_id: owner.org.id });
    expect(await runInvoiceSchedules(ctx.deps)).toBe(0);
    expect(await invoicesOf(customer.id)).toHaveLength(1);
    expect(await emailsTo(customer.email)).toBe(1);
  });
});

describe('the end of a schedule', () => {
  it('sends no more than its count, even when several periods are due at once', async () => {
    const { owner, customer, invoice } = await customerInvoice();
    await repeat(owner.headers, invoice.id, { interval: 'week', every: 1, start_date: await today(), count: 2 });
    expect(await runTwice()).toBe(1);
    await moveClock(15 * DAY);
    expect(await runTwice()).toBe(1);
    const answer = (await get(`/v1/invoices/${invoice.id}/schedule`, owner.headers)).json().schedule;
    expect(answer).toMatchObject({ status: 'ended', sent_count: 2, next_date: null, count: 2 });
    expect(await invoicesOf(customer.id)).toHaveLength(3);
  });

  it('sends nothing after its end date', async () => {
    const { owner, customer, invoice } = await customerInvoice();
    const start = await today(1);
    await repeat(owner.headers, invoice.id, { interval: 'week', every: 2, start_date: start, end_date: await today(21) });
    expect(await runTwice()).toBe(0);
    await moveClock(40 * DAY);
    // Day 1 and day 15; day 29 is after the end date.
    expect(await runTwice()).toBe(2);
    expect(await invoicesOf(customer.id)).toHaveLength(3);
    expect((await get(`/v1/invoices/${invoice.id}/schedule`, owner.headers)).json().schedule).toMatchObject({
      status: 'ended',
      sent_count: 2,
    });
  });
});

describe('POST /v1/invoices/{id}/schedule', () => {
  it('refuses bad input with the field and a clear message', async () => {
    const { owner, invoice } = await customerInvoice();
    const start = await today();
    const cases: [object, string, string][] = [
      [{ interval: 'year', every: 1, start_date: start }, 'interval', invoiceScheduleMessages.interval],
      [{ interval: 'month', every: 0, start_date: start }, 'every', invoiceScheduleMessages.every],
      [{ interval: 'month', every: 1.5, start_date: start }, 'every', invoiceScheduleMessages.every],
      [{ interval: 'month', every: 1, start_date: '2026-02-30' }, 'start_date', invoiceScheduleMessages.startDate],
      [{ interval: 'month', every: 1, start_date: start, end_date: 'soon' }, 'end_date', invoiceScheduleMessages.endDate],
      [{ interval: 'month', every: 1, start_date: start, count: 0 }, 'count', invoiceScheduleMessages.count],
      [{ interval: 'month', every: 1, start_date: start, count: 2, end_date: start }, 'count', invoiceScheduleMessages.endOrCount],
      [{ interval: 'month', every: 1, start_date: start, end_date: await today(-1) }, 'end_date', invoiceScheduleMessages.endBeforeStart],
      [{ interval: 'month', every: 1, start_date: await today(-1) }, 'start_date', invoiceScheduleMessages.startPast],
    ];
    for (const [body, field, message] of cases) {
      const response = await post(`/v1/invoices/${invoice.id}/schedule`, owner.headers, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json(), JSON.stringify(body)).toMatchObject({ field, message });
    }
    await repeat(owner.headers, invoice.id, { interval: 'month', every: 1, start_date: start });
    const again = await post(`/v1/invoices/${invoice.id}/schedule`, owner.headers, { interval: 'week', every: 1, start_date: start });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(invoiceScheduleMessages.exists);
    // An id that is no uuid is no invoice of anyone's.
    expect((await post('/v1/invoices/not-an-id/schedule', owner.headers, {})).statusCode).toBe(404);
  });

  it('repeats only open invoices', async () => {
    const { owner, invoice } = await customerInvoice();
    expect((await post(`/v1/invoices/${invoice.id}/cancel`, owner.headers)).statusCode).toBe(200);
    const response = await post(`/v1/invoices/${invoice.id}/schedule`, owner.headers, {
      interval: 'month',
      every: 1,
      start_date: await today(),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(invoiceScheduleMessages.notOpen);
  });

  it("answers 404 for another organisation's invoice and schedule", async () => {
    const { owner, invoice } = await customerInvoice();
    const schedule = await repeat(owner.headers, invoice.id, { interval: 'month', every: 1, start_date: await today() });
    const other = await createOwner(ctx.app);
    expect((await get(`/v1/invoices/${invoice.id}/schedule`, other.headers)).statusCode).toBe(404);
    const body = { interval: 'month', every: 1, start_date: await today() };
    expect((await post(`/v1/invoices/${invoice.id}/schedule`, other.headers, body)).statusCode).toBe(404);
    const stop = await post(`/v1/invoice_schedules/${schedule.id}/stop`, other.headers);
    expect(stop.statusCode).toBe(404);
    expect(stop.json().message).toBe(invoiceScheduleMessages.notFound);
    expect((await get(`/v1/invoices/${invoice.id}/schedule`, owner.headers)).json().schedule.status).toBe('active');
  });

  it('is open to an API key with invoices:write, and Stop needs that scope', async () => {
    const { owner, invoice } = await customerInvoice();
    const keyOf = async (scopes: string[]) => (await post('/v1/org_api_token', owner.headers, { scopes })).json<{ key: string }>().key;
    const writer = { authorization: `Bearer ${await keyOf(['read', 'invoices:write'])}` };
    const reader = { authorization: `Bearer ${await keyOf(['read'])}` };
    const schedule = await repeat(writer, invoice.id, { interval: 'week', every: 2, start_date: await today() });
    expect((await get(`/v1/invoices/${invoice.id}/schedule`, reader)).json().schedule.id).toBe(schedule.id);
    const refused = await post(`/v1/invoice_schedules/${schedule.id}/stop`, reader);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(apiKeyMessages.missingScope('invoices:write'));
    expect((await post(`/v1/invoice_schedules/${schedule.id}/stop`, writer)).json().status).toBe('stopped');
  });
});
