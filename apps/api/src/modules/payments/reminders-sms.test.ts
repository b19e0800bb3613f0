import { beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, operatorHeaders, type TestContext } from '../../../test/context.ts';
import { addCreator } from '../../../test/fixtures.ts';
import { createDrafts, fundedOwner, injector, paymentRow } from '../../../test/payment-fixtures.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

const inject = (...args: Parameters<ReturnType<typeof injector>>) => injector(ctx.app)(...args);
type Text = { to: string; body: string; status: string; reason: string | null };
const texts = async () =>
  (await ctx.app.inject({ method: 'GET', url: '/dev/sms', headers: { ...operatorHeaders, accept: 'application/json' } })).json<Text[]>();

/** An organisation's payment to this creator, executed without payout details: awaiting input. */
async function awaitingInput(creator: Record<string, unknown>) {
  const owner = await fundedOwner(ctx.app, 100_000);
  const payee = await addCreator(ctx.app, owner.headers, creator);
  const [draft] = await createDrafts(ctx.app, owner.headers, [paymentRow(payee.id, 12_500)]);
  expect((await inject('PUT', '/v1/payments/initiate', owner.headers, { ids: [draft!.id] })).json()).toMatchObject({ requires_info: 1 });
  return { owner, payee, payment: draft! };
}

describe('POST /v1/payments/reminders by SMS', () => {
  it('texts the payee a fresh payee link when they have a phone number; the link opens their payout form', async () => {
    const { owner, payment } = await awaitingInput({ first_name: 'Tex', last_name: 'Ting', phone_number: '(415) 555-0177' });
    const reminded = await inject('POST', '/v1/payments/reminders', owner.headers, { ids: [payment.id], channel: 'sms' });
    expect(reminded.statusCode, reminded.body).toBe(200);
    expect(reminded.json()).toEqual({ message: 'Reminder(s) have been sent!', count: 1 });
    const [text] = await texts();
    expect(text).toMatchObject({ to: '+14155550177', status: 'sent', reason: null });
    expect(text!.body).toMatch(
      /^Acme Creators is sending you \$125\.00\. Tell us where to send it: http:\/\/crewpay\.test\/bankDetails\?id=/,
    );
    const linkId = /id=(\S+)$/.exec(text!.body)![1]!;
    expect((await inject('GET', `/v1/expiring_link?id=${linkId}`, {})).statusCode).toBe(200);
  });

  it("refuses when no recipient has a phone number, and the spec's array of ids still emails", async () => {
    const { owner, payment } = await awaitingInput({ first_name: 'No', last_name: 'Phone' });
    const refused = await inject('POST', '/v1/payments/reminders', owner.headers, { ids: [payment.id], channel: 'sms' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('No recipient of these payments has a phone number');
    expect((await inject('POST', '/v1/payments/reminders', owner.headers, [payment.id])).json()).toMatchObject({ count: 1 });
  });

  it("shows a text to Twilio's invalid test number as failed once, with the reason, on the SMS outbox", async () => {
    const { owner, payment } = await awaitingInput({ first_name: 'Bad', last_name: 'Number', phone_number: '+15005550001' });
    expect((await inject('POST', '/v1/payments/reminders', owner.headers, { ids: [payment.id], channel: 'sms' })).statusCode).toBe(200);
    const [text] = await texts();
    expect(text).toMatchObject({ status: 'failed', reason: 'Not sent: the provider says this is not a valid phone number' });
    const page = await ctx.app.inject({ method: 'GET', url: '/dev/sms', headers: operatorHeaders });
    expect(page.body).toContain('failed');
    expect(page.body).toContain('Not sent: the provider says this is not a valid phone number');
  });
});
