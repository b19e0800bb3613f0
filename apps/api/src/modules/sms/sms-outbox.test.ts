import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { createOwner } from '../../../test/fixtures.ts';
import { startTwilioFake, UNDELIVERABLE_NUMBER, type TwilioFake } from '../../../fakes/twilio-fake.ts';
import { providerCalls, smsMessages, smsOptOuts } from '../../db/schema/index.ts';
import { retryWaitingProviderEvents, runDueProviderCalls } from '../provider-calls/index.ts';
import { queueSms, sendQueuedSms, smsReason } from './index.ts';

let ctx: TestContext;
let twilio: TwilioFake;
let orgId: string;
beforeAll(async () => {
  twilio = await startTwilioFake();
  ctx = await createTestContext({ SANDBOX: 'false', ...twilio.settings });
  orgId = (await createOwner(ctx.app)).org.id;
});

const messageOf = async (id: string) => (await ctx.deps.db.select().from(smsMessages).where(eq(smsMessages.id, id)))[0]!;
const callOf = async (id: string) =>
  (
    await ctx.deps.db
      .select()
      .from(providerCalls)
      .where(eq(providerCalls.idempotency_key, `sms.send:${id}`))
  )[0];
const postsTo = (to: string) =>
  twilio.requests.filter((request) => request.method === 'POST' && request.body.includes(encodeURIComponent(to)));
const acceptedFor = (to: string) => twilio.state().messages.filter((message) => message.to === to);
async function send(to: string, body = 'Acme: invoice "Spring" for $10.00. Pay: https://crewpay.test/invoices/pay?id=x') {
  const id = await ctx.deps.db.transaction((tx) => queueSms(ctx.deps, tx, { org_id: orgId, to, body }));
  await sendQueuedSms(ctx.deps, [id]);
  return id;
}
/** The outbox's next try of this text's call, as its job makes it once the backoff has passed. */
const retry = async (id: string) =>
  runDueProviderCalls(ctx.deps, { ids: [(await callOf(id))!.id], now: new Date(Date.now() + 2 * 3_600_000) });

describe('texts through the provider-calls outbox, live (Twilio fake)', () => {
  it('is written in the transaction and sent after the commit: a rolled-back change sends nothing', async () => {
    const before = twilio.requests.length;
    await ctx.deps.db
      .transaction(async (tx) => {
        await queueSms(ctx.deps, tx, { org_id: orgId, to: '+15125550150', body: 'Never sent' });
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect(twilio.requests.length).toBe(before);
    const id = await send('+15125550151');
    expect(await callOf(id)).toMatchObject({ provider: 'twilio', status: 'succeeded', attempts: 1 });
    expect(await messageOf(id)).toMatchObject({ status: 'sent' });
    twilio.takeCallbacks();
  });

  it('sends once when Twilio accepted the text but its answer was lost: the retry finds it in the Messages list', async () => {
    twilio.dropAnswerOfNext();
    const id = await send(UNDELIVERABLE_NUMBER);
    expect(await messageOf(id)).toMatchObject({ status: 'queued', provider_id: null });
    expect(await callOf(id)).toMatchObject({ status: 'pending', last_error: 'sms_unreachable' });
    // Twilio's callbacks come before we know the message's id: stored, waiting for it.
    const [sentCallback, undelivered] = twilio.takeCallbacks();
    expect((await twilio.deliver(ctx.app, sentCallback!)).statusCode).toBe(200);
    expect((await twilio.deliver(ctx.app, undelivered!)).json()).toMatchObject({ stored: 1, applied: 0 });

    await retry(id);
    expect(postsTo(UNDELIVERABLE_NUMBER)).toHaveLength(1);
    expect(acceptedFor(UNDELIVERABLE_NUMBER)).toHaveLength(1);
    expect(await messageOf(id)).toMatchObject({ status: 'sent', provider_id: acceptedFor(UNDELIVERABLE_NUMBER)[0]!.sid });
    expect(await callOf(id)).toMatchObject({ status: 'succeeded', attempts: 2 });
    // The events job (every minute) applies the waiting callback now that the id is known.
    expect(await retryWaitingProviderEvents(ctx.deps, { now: new Date(Date.now() + 2 * 60_000) })).toBe(1);
    expect(await messageOf(id)).toMatchObject({ status: 'failed', error: 'undelivered_30003' });
  });

  it('sends again after a lost answer when the look-up finds nothing (Twilio never got it)', async () => {
    twilio.failNext(/Messages\.json$/, { status: 201, dropConnection: true });
    const id = await send('+15125550152');
    expect(acceptedFor('+15125550152')).toHaveLength(0);
    await retry(id);
    expect(acceptedFor('+15125550152')).toHaveLength(1);
    expect(await messageOf(id)).toMatchObject({ status: 'sent' });
    twilio.takeCallbacks();
  });

  it('fails an invalid number once, with its reason, and never tries it again', async () => {
    const id = await send('+15005550001');
    expect(postsTo('+15005550001')).toHaveLength(1);
    expect(await callOf(id)).toMatchObject({ status: 'failed', attempts: 1, last_error: 'twilio_21211' });
    expect(await messageOf(id)).toMatchObject({ status: 'failed', error: 'twilio_21211' });
    expect(smsReason((await messageOf(id)).error)).toBe('Not sent: the provider says this is not a valid phone number');
    await retry(id);
    expect(postsTo('+15005550001')).toHaveLength(1);
  });

  it('fails a number that cannot be one at once, without calling Twilio', async () => {
    const before = twilio.requests.length;
    const id = await send('call me maybe');
    expect(await messageOf(id)).toMatchObject({ status: 'failed', error: 'invalid_number' });
    expect(await callOf(id)).toBeUndefined();
    expect(twilio.requests.length).toBe(before);
  });

  it('honours STOP: the reply opts the number out, later texts are skipped with the reason, START lets them through', async () => {
    const phone = '+15125550160';
    await send(phone);
    twilio.takeCallbacks();
    expect((await twilio.deliver(ctx.app, twilio.reply(phone, 'Stop'))).json()).toMatchObject({ stored: 1, applied: 1 });
    const skipped = await send(phone);
    expect(await messageOf(skipped)).toMatchObject({ status: 'skipped', error: 'opted_out' });
    expect(smsReason('opted_out')).toBe('Not sent: the recipient replied STOP to our texts');
    expect(postsTo(phone)).toHaveLength(1);

    expect((await twilio.deliver(ctx.app, twilio.reply(phone, 'START'))).json()).toMatchObject({ applied: 1 });
    expect(await messageOf(await send(phone))).toMatchObject({ status: 'sent' });
    expect(postsTo(phone)).toHaveLength(2);
    twilio.takeCallbacks();
  });

  it('remembers a number Twilio refuses as unsubscribed (21610): the next text is skipped without a call', async () => {
    const first = await send('+15005550004');
    expect(await messageOf(first)).toMatchObject({ status: 'failed', error: 'twilio_21610' });
    expect(await ctx.deps.db.select().from(smsOptOuts).where(eq(smsOptOuts.phone, '+15005550004'))).toHaveLength(1);
    const second = await send('+15005550004');
    expect(await messageOf(second)).toMatchObject({ status: 'skipped', error: 'opted_out' });
    expect(postsTo('+15005550004')).toHaveLength(1);
  });

  it('takes a reply that is not STOP or START as nothing, and a forged reply as nothing', async () => {
    expect((await twilio.deliver(ctx.app, twilio.reply('+15125550161', 'Thanks!'))).json()).toMatchObject({ received: 0 });
    const forged = await twilio.deliver(ctx.app, twilio.reply('+15125550161', 'STOP'), { authToken: 'wrong' });
    expect(forged.statusCode).toBe(400);
  });
});
