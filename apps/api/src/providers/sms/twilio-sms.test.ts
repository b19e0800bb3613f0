import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { createOwner } from '../../../test/fixtures.ts';
import { startTwilioFake, TWILIO_FAKE, UNDELIVERABLE_NUMBER, type TwilioFake } from '../../../fakes/twilio-fake.ts';
import { smsMessages } from '../../db/schema/index.ts';
import { queueSms, sendQueuedSms } from '../../modules/sms/index.ts';
import { ProviderCallError } from '../contract.ts';
import { smsTransport } from './index.ts';
import { createTwilioSms } from './twilio-sms.ts';

let ctx: TestContext;
let twilio: TwilioFake;
let orgId: string;
beforeAll(async () => {
  twilio = await startTwilioFake();
  ctx = await createTestContext({ SANDBOX: 'false', ...twilio.settings });
  orgId = (await createOwner(ctx.app)).org.id;
});

const transport = () => smsTransport(ctx.deps.config);
const messageOf = async (id: string) => (await ctx.deps.db.select().from(smsMessages).where(eq(smsMessages.id, id)))[0]!;
const creations = () => twilio.requests.filter((request) => request.method === 'POST');
/** A text queued as a module queues it (in a transaction), then sent by the outbox after the commit. */
async function send(to: string, body = 'Your invoice from Acme is due') {
  const id = await ctx.deps.db.transaction((tx) => queueSms(ctx.deps, tx, { org_id: orgId, to, body }));
  await sendQueuedSms(ctx.deps, [id]);
  return id;
}

describe("SMS through Twilio's Messages API (the fake)", () => {
  it('is the Twilio adapter outside the sandbox, the outbox inside it', () => {
    expect(transport().name).toBe('twilio');
    expect(smsTransport({ ...ctx.deps.config, isSandbox: true }).name).toBe('outbox');
  });

  it('posts To, From, Body and the status callback with basic auth, and keeps the message sid', async () => {
    const id = await send('+1 (512) 555-0123');
    const request = creations().at(-1)!;
    expect(request.path).toBe(`/2010-04-01/Accounts/${twilio.settings.SMS_ACCOUNT_SID}/Messages.json`);
    expect(Object.fromEntries(new URLSearchParams(request.body))).toEqual({
      To: '+15125550123',
      From: twilio.settings.SMS_FROM,
      Body: 'Your invoice from Acme is due',
      StatusCallback: 'http://crewpay.test/v1/webhooks/twilio',
    });
    expect(await messageOf(id)).toMatchObject({
      to: '+15125550123',
      status: 'sent',
      transport: 'twilio',
      provider_id: expect.stringMatching(/^SM[0-9a-f]{32}$/),
    });
    for (const callback of twilio.takeCallbacks()) expect((await twilio.deliver(ctx.app, callback)).statusCode).toBe(200);
    expect((await messageOf(id)).status).toBe('sent');
  });

  it('sends from a Messaging Service instead of a number when one is configured, and looks for texts without a From', async () => {
    const service = createTwilioSms(
      { ...ctx.deps.config.providers.sms, messagingServiceSid: TWILIO_FAKE.messagingServiceSid },
      { statusCallbackUrl: 'http://crewpay.test/v1/webhooks/twilio' },
    );
    const sent = await service.send({ to: '+15125550140', body: 'From the service' });
    const form = new URLSearchParams(creations().at(-1)!.body);
    expect(form.get('MessagingServiceSid')).toBe(TWILIO_FAKE.messagingServiceSid);
    expect(form.has('From')).toBe(false);
    expect(await service.find({ to: '+15125550140', body: 'From the service', since: new Date(Date.now() - 60_000) })).toEqual(sent);
    expect(twilio.requests.at(-1)!.query.has('From')).toBe(false);
    expect(await service.find({ to: '+15125550140', body: 'Another text', since: new Date(Date.now() - 60_000) })).toBeNull();
    twilio.takeCallbacks();
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

  it("answers a refused number with Twilio's code only (final), and a 429, a 500 or no answer as retryable", async () => {
    const refused = await transport()
      .send({ to: '+15005550001', body: 'x' })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ProviderCallError);
    expect(refused).toMatchObject({ code: 'twilio_21211', retryable: false });
    expect((refused as Error).message).not.toContain('15005550001');

    const error = (status: number, code: number) => ({
      status,
      body: { code, message: 'Scripted', more_info: `https://www.twilio.com/docs/errors/${code}`, status },
    });
    twilio.failNext(/Messages\.json$/, { ...error(429, 20429), headers: { 'retry-after': '30' } });
    twilio.failNext(/Messages\.json$/, error(500, 20500));
    twilio.failNext(/Messages\.json$/, { status: 201, dropConnection: true });
    const attempt = () =>
      transport()
        .send({ to: '+15125550125', body: 'Reminder' })
        .catch((caught: unknown) => caught);
    expect(await attempt()).toMatchObject({ code: 'twilio_20429', retryable: true, retryAfterMs: 30_000 });
    expect(await attempt()).toMatchObject({ code: 'twilio_20500', retryable: true });
    expect(await attempt()).toMatchObject({ code: 'sms_unreachable', retryable: true });
  });
});
