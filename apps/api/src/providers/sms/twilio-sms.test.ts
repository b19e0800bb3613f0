import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { createOwner } from '../../../test/fixtures.ts';
import { startTwilioFake, UNDELIVERABLE_NUMBER } from '../../../fakes/twilio-fake.ts';
import { smsMessages } from '../../db/schema/index.ts';
import { deliverSms, queueSms } from '../../modules/sms/index.ts';
import { ProviderCallError } from '../contract.ts';
import { smsTransport } from './index.ts';

let ctx: TestContext;
let twilio: Awaited<ReturnType<typeof startTwilioFake>>;
let orgId: string;
beforeAll(async () => {
  twilio = await startTwilioFake();
  ctx = await createTestContext({ SANDBOX: 'false', ...twilio.settings });
  orgId = (await createOwner(ctx.app)).org.id;
});

const transport = () => smsTransport(ctx.deps.config);
const messageOf = async (id: string) => (await ctx.deps.db.select().from(smsMessages).where(eq(smsMessages.id, id)))[0]!;
async function send(to: string) {
  const id = await queueSms(ctx.deps.db, { org_id: orgId, to, body: 'Your invoice from Acme is due' });
  await deliverSms(ctx.deps.db, transport(), id);
  return id;
}

describe('SMS through a Twilio-compatible API on the fake', () => {
  it('is the Twilio adapter outside the sandbox, the outbox inside it', () => {
    expect(transport().name).toBe('twilio');
    expect(smsTransport({ ...ctx.deps.config, isSandbox: true }).name).toBe('outbox');
  });

  it('posts To, From, Body and the status callback with basic auth, and keeps the message sid', async () => {
    const id = await send('+15125550123');
    const request = twilio.requests.at(-1)!;
    expect(request.path).toBe(`/2010-04-01/Accounts/${twilio.settings.SMS_ACCOUNT_SID}/Messages.json`);
    expect(Object.fromEntries(new URLSearchParams(request.body))).toEqual({
      To: '+15125550123',
      From: twilio.settings.SMS_FROM,
      Body: 'Your invoice from Acme is due',
      StatusCallback: 'http://crewpay.test/v1/webhooks/twilio',
    });
    expect(await messageOf(id)).toMatchObject({
      status: 'sent',
      transport: 'twilio',
      provider_id: expect.stringMatching(/^SM[0-9a-f]{32}$/),
    });
    for (const callback of twilio.takeCallbacks()) expect((await twilio.deliver(ctx.app, callback)).statusCode).toBe(200);
    expect((await messageOf(id)).status).toBe('sent');
  });

  it('marks a text the carrier could not deliver as failed, once, whatever the order and repeats of its callbacks', async () => {
    const id = await send(UNDELIVERABLE_NUMBER);
    const [sent, undelivered] = twilio.takeCallbacks();
    expect((await twilio.deliver(ctx.app, undelivered!)).json()).toMatchObject({ stored: 1, applied: 1 });
    expect((await twilio.deliver(ctx.app, undelivered!)).json()).toMatchObject({ stored: 0 });
    expect((await twilio.deliver(ctx.app, sent!)).json()).toMatchObject({ received: 0 });
    expect(await messageOf(id)).toMatchObject({ status: 'failed', error: 'undelivered_30003' });
  });

  it('refuses a status callback with a wrong signature', async () => {
    await send('+15125550124');
    const [sent] = twilio.takeCallbacks();
    const forged = await twilio.deliver(ctx.app, sent!, { authToken: 'not-the-token' });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe('Invalid signature');
  });

  it('answers a refused number with its code only (final), and a 429 or a 500 as retryable; the text stays queued until it goes', async () => {
    const refused = await transport()
      .send({ to: '+15005550001', body: 'x' })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ProviderCallError);
    expect(refused).toMatchObject({ code: 'twilio_21211', retryable: false });

    twilio.failNext(/Messages\.json$/, {
      status: 429,
      headers: { 'retry-after': '30' },
      body: { code: 20429, message: 'Too Many Requests', status: 429 },
    });
    twilio.failNext(/Messages\.json$/, { status: 500, body: { code: 20500, message: 'Internal Server Error', status: 500 } });
    const id = await queueSms(ctx.deps.db, { org_id: orgId, to: '+15125550125', body: 'Reminder' });
    const first = await deliverSms(ctx.deps.db, transport(), id).catch((error: unknown) => error);
    expect(first).toMatchObject({ code: 'twilio_20429', retryable: true, retryAfterMs: 30_000 });
    expect(await messageOf(id)).toMatchObject({ status: 'queued', error: 'twilio_20429' });
    expect(await deliverSms(ctx.deps.db, transport(), id).catch((error: unknown) => error)).toMatchObject({ code: 'twilio_20500' });
    await deliverSms(ctx.deps.db, transport(), id);
    expect(await messageOf(id)).toMatchObject({ status: 'sent', error: null });
    twilio.takeCallbacks();
  });
});
