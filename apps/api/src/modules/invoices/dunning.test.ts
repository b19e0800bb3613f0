import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { apiKeyMessages, reminderMessages } from '@crewpay/core';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { createOwner, readOutbox } from '../../../test/fixtures.ts';
import { activate } from '../../../test/wallet-fixtures.ts';
import { addCustomer, createMember } from '../../../test/campaign-fixtures.ts';
import { cardToken, payByCard, payLinkId, sendInvoice } from '../../../test/invoice-fixtures.ts';
import { emails } from '../../db/schema/index.ts';
import { advanceSandboxClock } from '../../lib/clock.ts';
import { runInvoiceDunning } from './dunning.ts';

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
const put = (url: string, headers: Headers, payload: object) => ctx.app.inject({ method: 'PUT', url, headers, payload });
/** Two workers running the job at the same moment; answers how many reminders they sent together. */
const runTwice = async () => (await Promise.all([runInvoiceDunning(ctx.deps), runInvoiceDunning(ctx.deps)])).reduce((a, b) => a + b, 0);
const remindersTo = async (to: string) =>
  (
    await ctx.deps.db
      .select()
      .from(emails)
      .where(and(eq(emails.to, to), like(emails.subject, 'Reminder:%')))
  ).length;
const stepsOf = async (invoiceId: string, headers: Headers) =>
  (await get(`/v1/invoices/${invoiceId}/reminders`, headers)).json<{ reminders: { step: number }[] }>().reminders.map((row) => row.step);

async function ownerWithSchedule(steps: number[], enabled = true) {
  const owner = await createOwner(ctx.app);
  await activate(ctx.app, owner.headers);
  const saved = await put('/v1/invoice_reminder_settings', owner.headers, { enabled, steps });
  expect(saved.statusCode, saved.body).toBe(200);
  return { owner, settings: saved.json() };
}

describe('dunning reminders', () => {
  it('emails each step once (two runs at once still once), one step when the clock jumps past two, none once paid or canceled', async () => {
    const { owner, settings } = await ownerWithSchedule([14, -3, 0, 7]);
    expect(settings).toEqual({ enabled: true, steps: [-3, 0, 7, 14] });
    const [a, b, c] = [
      await addCustomer(ctx.app, owner.headers),
      await addCustomer(ctx.app, owner.headers),
      await addCustomer(ctx.app, owner.headers),
    ];
    const open = await sendInvoice(ctx.app, owner.headers, { customer_id: a.id, net: 30 });
    const paidLater = await sendInvoice(ctx.app, owner.headers, { customer_id: b.id, net: 30 });
    const canceled = await sendInvoice(ctx.app, owner.headers, { customer_id: c.id, net: 30 });
    expect((await post(`/v1/invoices/${canceled.id}/cancel`, owner.headers)).statusCode).toBe(200);
    expect(await runTwice()).toBe(0);

    await moveClock(27 * DAY);
    expect(await runTwice()).toBe(2);
    expect(await runTwice()).toBe(0);
    const paid = await payByCard(ctx.app, await payLinkId(ctx.app, b.email), await cardToken(ctx.app, '4242424242424242'));
    expect(paid.json().status, paid.body).toBe('succeeded');

    await moveClock(3 * DAY);
    expect(await runTwice()).toBe(1);
    await moveClock(DAY);
    expect(await runTwice()).toBe(0);
    // Day 51: past both the 7th and the 14th day after due; only the latest is sent.
    await moveClock(20 * DAY);
    expect(await runTwice()).toBe(1);

    expect(await stepsOf(open.id, owner.headers)).toEqual([-3, 0, 14]);
    expect(await stepsOf(paidLater.id, owner.headers)).toEqual([-3]);
    expect(await stepsOf(canceled.id, owner.headers)).toEqual([]);
    expect(await remindersTo(a.email)).toBe(3);
    expect(await remindersTo(b.email)).toBe(1);
    expect(await remindersTo(c.email)).toBe(0);
  });

  it('sends no reminder of an offline invoice, which is paid outside Crewpay and not by the link', async () => {
    const { owner } = await ownerWithSchedule([-3, 0, 7]);
    const customer = await addCustomer(ctx.app, owner.headers);
    const offline = await sendInvoice(ctx.app, owner.headers, { customer_id: customer.id, net: 5, processor: 'offline' });
    for (const days of [2, 3, 7]) {
      await moveClock(days * DAY);
      expect(await runInvoiceDunning(ctx.deps)).toBe(0);
    }
    expect(await stepsOf(offline.id, owner.headers)).toEqual([]);
    expect(await remindersTo(customer.email)).toBe(0);
  });

  it('says when the invoice is due from the day it is sent, with the amount, the due date and the pay link', async () => {
    const { owner } = await ownerWithSchedule([-3, 0, 7]);
    const customer = await addCustomer(ctx.app, owner.headers);
    const invoice = await sendInvoice(ctx.app, owner.headers, { customer_id: customer.id, net: 30, amount: 123_456 });
    const { number, due_date: dueDate } = (await get(`/v1/invoices/${invoice.id}`, owner.headers)).json<{
      number: string;
      due_date: string;
    }>();
    const org = owner.org.name;
    const expected = [
      [27, 'is due in 3 days'],
      [3, 'is due today'],
      [7, 'is 7 days overdue'],
    ] as const;
    for (const [days, words] of expected) {
      await moveClock(days * DAY);
      expect(await runInvoiceDunning(ctx.deps)).toBe(1);
      const email = (await readOutbox(ctx.app)).filter((item) => item.to === customer.email).at(-1)!;
      expect(email.subject).toBe(`Reminder: invoice ${number} ${words}, $1,234.56 to ${org}`);
      expect(email.text).toContain(`Invoice ${number} ${words}: ${org} is waiting for your payment of $1,234.56, due ${dueDate}.`);
      expect(email.links.some((link) => link.includes('/invoices/pay?id='))).toBe(true);
    }
  });

  it('sends nothing while the schedule is off', async () => {
    const { owner } = await ownerWithSchedule([0], false);
    const customer = await addCustomer(ctx.app, owner.headers);
    const invoice = await sendInvoice(ctx.app, owner.headers, { customer_id: customer.id, net: 0 });
    await moveClock(2 * DAY);
    expect(await runInvoiceDunning(ctx.deps)).toBe(0);
    expect(await stepsOf(invoice.id, owner.headers)).toEqual([]);
  });
});

describe('the reminder schedule in Settings', () => {
  it('is set by owners and admins only, refuses bad days with clear messages, and is no API key business', async () => {
    const owner = await createOwner(ctx.app);
    expect((await get('/v1/invoice_reminder_settings', owner.headers)).json()).toEqual({ enabled: false, steps: [] });
    const cases: [object, string][] = [
      [{ enabled: true, steps: [] }, reminderMessages.steps],
      [{ enabled: true, steps: [1, 1] }, reminderMessages.distinct],
      [{ enabled: true, steps: [400] }, reminderMessages.step],
      [{ enabled: true, steps: [1.5] }, reminderMessages.step],
      [{ enabled: 'yes', steps: [0] }, reminderMessages.enabled],
    ];
    for (const [body, message] of cases) {
      const response = await put('/v1/invoice_reminder_settings', owner.headers, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message, JSON.stringify(body)).toBe(message);
    }
    const member = await createMember(ctx.deps, owner.org.id, 'collaborator');
    expect((await put('/v1/invoice_reminder_settings', member.headers, { enabled: true, steps: [0] })).statusCode).toBe(403);
    expect((await get('/v1/invoice_reminder_settings', member.headers)).statusCode).toBe(200);
    const admin = await createMember(ctx.deps, owner.org.id, 'admin');
    expect((await put('/v1/invoice_reminder_settings', admin.headers, { enabled: true, steps: [7, -1] })).json()).toEqual({
      enabled: true,
      steps: [-1, 7],
    });
    const key = (await post('/v1/org_api_token', owner.headers, { scopes: ['read', 'invoices:write'] })).json<{ key: string }>().key;
    const byKey = await put('/v1/invoice_reminder_settings', { authorization: `Bearer ${key}` }, { enabled: false, steps: [0] });
    expect(byKey.statusCode).toBe(403);
    expect(byKey.json().message).toBe(apiKeyMessages.notForKeys);
  });

  it("keeps each organisation's schedule and reminders to itself", async () => {
    const { owner } = await ownerWithSchedule([0]);
    const customer = await addCustomer(ctx.app, owner.headers);
    const invoice = await sendInvoice(ctx.app, owner.headers, { customer_id: customer.id });
    const other = await createOwner(ctx.app);
    expect((await get('/v1/invoice_reminder_settings', other.headers)).json()).toEqual({ enabled: false, steps: [] });
    expect((await get(`/v1/invoices/${invoice.id}/reminders`, other.headers)).statusCode).toBe(404);
  });
});
