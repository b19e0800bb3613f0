import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { invoiceMessages } from '@crewpay/core';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { createOwner } from '../../../test/fixtures.ts';
import { addCustomer } from '../../../test/campaign-fixtures.ts';
import { sendInvoice } from '../../../test/invoice-fixtures.ts';
import { activate } from '../../../test/wallet-fixtures.ts';
import { startStripeFake, type StripeFake } from '../../../fakes/stripe-fake.ts';
import { startTwilioFake, type TwilioFake } from '../../../fakes/twilio-fake.ts';
import { providerCalls, smsMessages } from '../../db/schema/index.ts';
import { runDueProviderCalls } from '../provider-calls/index.ts';
import { smsReason } from '../sms/index.ts';

let ctx: TestContext;
let twilio: TwilioFake;
let stripe: StripeFake;
beforeAll(async () => {
  twilio = await startTwilioFake();
  stripe = await startStripeFake();
  ctx = await createTestContext({ SANDBOX: 'false', ...stripe.settings, ...twilio.settings });
});

/** An activated organisation (invoices need its wallet, at Stripe): the owner's headers and org. */
async function activatedOwner() {
  const owner = await createOwner(ctx.app, { orgName: 'Harbor Media' });
  await activate(ctx.app, owner.headers);
  for (const event of stripe.takeEvents()) expect((await stripe.deliver(ctx.app, event)).statusCode).toBe(200);
  return owner;
}

/** An owner's invoice to a customer with this phone number, reminded by SMS through the public API. */
async function remindBySms(phone: string) {
  const owner = await activatedOwner();
  const customer = await addCustomer(ctx.app, owner.headers, { phone_number: phone });
  const invoice = await sendInvoice(ctx.app, owner.headers, { customer_id: customer.id, title: 'Texted', amount: 32_100 });
  const reminded = await ctx.app.inject({
    method: 'POST',
    url: '/v1/invoices/reminders',
    headers: owner.headers,
    payload: { ids: [invoice.id], channel: 'sms' },
  });
  expect(reminded.statusCode, reminded.body).toBe(200);
  expect(reminded.json()).toEqual({ count: 1, message: invoiceMessages.reminders });
  const [text] = await ctx.deps.db.select().from(smsMessages).where(eq(smsMessages.org_id, owner.org.id));
  return text!;
}
const textNow = async (id: string) => (await ctx.deps.db.select().from(smsMessages).where(eq(smsMessages.id, id)))[0]!;
const sendCall = async (smsId: string) => (await ctx.deps.db.select().from(providerCalls).where(eq(providerCalls.subject_id, smsId)))[0]!;
/** Twilio's Messages.json POSTs for this number (each one a text sent, or refused). */
const postsTo = (to: string) =>
  twilio.requests.filter((request) => request.method === 'POST' && new URLSearchParams(request.body).get('To') === to);
/** The outbox's job, once the backoff of a failed try has passed. */
const outboxJobLater = (callId: string) => runDueProviderCalls(ctx.deps, { ids: [callId], now: new Date(Date.now() + 2 * 3_600_000) });

describe('invoice reminders by SMS through the public API, live (Twilio fake)', () => {
  it("sends once when Twilio accepted the text and its answer timed out: the outbox's next try finds it", async () => {
    twilio.dropAnswerOfNext();
    const text = await remindBySms('(415) 555-0142');
    expect(postsTo('+14155550142')).toHaveLength(1);
    expect(await textNow(text.id)).toMatchObject({ to: '+14155550142', status: 'queued', provider_id: null });
    const call = await sendCall(text.id);
    expect(call).toMatchObject({ provider: 'twilio', status: 'pending', last_error: 'sms_unreachable' });

    await outboxJobLater(call.id);
    const accepted = twilio.state().messages.filter((message) => message.to === '+14155550142');
    expect(accepted).toHaveLength(1);
    expect(accepted[0]!.body).toMatch(/^Harbor Media: invoice INV-\d{4} "Texted" for \$321\.00/);
    expect(postsTo('+14155550142')).toHaveLength(1);
    expect(await textNow(text.id)).toMatchObject({ status: 'sent', provider_id: accepted[0]!.sid });
    expect(await sendCall(text.id)).toMatchObject({ status: 'succeeded', attempts: 2 });
    for (const callback of twilio.takeCallbacks()) expect((await twilio.deliver(ctx.app, callback)).statusCode).toBe(200);
  });

  it('fails a number Twilio calls invalid once, with its reason, and the outbox never tries it again', async () => {
    const text = await remindBySms('+15005550001');
    expect(postsTo('+15005550001')).toHaveLength(1);
    const failed = await textNow(text.id);
    expect(failed).toMatchObject({ status: 'failed', error: 'twilio_21211' });
    expect(smsReason(failed.error)).toBe('Not sent: the provider says this is not a valid phone number');
    const call = await sendCall(text.id);
    expect(call).toMatchObject({ status: 'failed', attempts: 1, last_error: 'twilio_21211' });

    await outboxJobLater(call.id);
    expect(postsTo('+15005550001')).toHaveLength(1);
    expect(await sendCall(text.id)).toMatchObject({ status: 'failed', attempts: 1 });
  });
});
