import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { isTwilioSignatureValid } from '../src/providers/sms/twilio-sms.ts';
import { startTwilioFake, TWILIO_FAKE } from './twilio-fake.ts';

const auth = `Basic ${Buffer.from(`${TWILIO_FAKE.accountSid}:${TWILIO_FAKE.authToken}`).toString('base64')}`;
const messagesUrl = (base: string, query = '') => `${base}/2010-04-01/Accounts/${TWILIO_FAKE.accountSid}/Messages.json${query}`;
const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { authorization: auth, 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});

describe("the Twilio fake, checked against Twilio's OpenAPI description", () => {
  it('refuses a request that breaks the description, as Twilio would, and records why', async () => {
    const twilio = await startTwilioFake();
    // No To (required), and a Messaging Service id that is not one (^MG + 32 hex).
    const refused = await fetch(messagesUrl(twilio.url), form({ MessagingServiceSid: 'MG-not-a-sid', Body: 'Hello' }));
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ status: 400, message: expect.stringContaining("must have required property 'To'") });
    const tooBig = await fetch(messagesUrl(twilio.url, '?PageSize=5000'), { headers: { authorization: auth } });
    expect(tooBig.status).toBe(400);
    expect(twilio.takeProblems()).toEqual([
      expect.stringContaining("body must have required property 'To'"),
      expect.stringContaining('body/MessagingServiceSid must NOT have fewer than 34 characters'),
      expect.stringContaining('body/MessagingServiceSid must match pattern'),
      expect.stringContaining('query parameter PageSize must be <= 1000'),
    ]);
    expect(twilio.state().messages).toEqual([]);
  });

  it('accepts a text from a Messaging Service, lists it by To, and shows it in its state', async () => {
    const twilio = await startTwilioFake();
    const sent = await fetch(
      messagesUrl(twilio.url),
      form({ To: '+15125550100', MessagingServiceSid: TWILIO_FAKE.messagingServiceSid, Body: 'Hello' }),
    );
    expect(sent.status).toBe(201);
    const listed = (await (
      await fetch(messagesUrl(twilio.url, '?To=%2B15125550100&PageSize=20'), { headers: { authorization: auth } })
    ).json()) as { messages: unknown[] };
    expect(listed.messages).toEqual([expect.objectContaining({ to: '+15125550100', body: 'Hello', from: null })]);
    const state = (await (await fetch(`${twilio.url}/_fake/state`)).json()) as ReturnType<typeof twilio.state>;
    expect(state.messages).toHaveLength(1);
    expect(twilio.takeProblems()).toEqual([]);
  });

  it('standalone, POSTs the status callbacks to the StatusCallback URL, signed as Twilio signs them', async () => {
    const received: { url: string; params: URLSearchParams; signature: string }[] = [];
    const receiver = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        received.push({
          url: request.url ?? '',
          params: new URLSearchParams(body),
          signature: String(request.headers['x-twilio-signature']),
        });
        response.end('{}');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const callbackUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/v1/webhooks/twilio`;
    const twilio = await startTwilioFake({ deliverOverHttp: true });
    try {
      await fetch(messagesUrl(twilio.url), form({ To: '+15125550101', From: TWILIO_FAKE.from, Body: 'Hi', StatusCallback: callbackUrl }));
      await expect.poll(() => received.length, { timeout: 5_000 }).toBe(2);
      expect(received.map((callback) => callback.params.get('MessageStatus'))).toEqual(['sent', 'delivered']);
      for (const callback of received)
        expect(isTwilioSignatureValid(TWILIO_FAKE.authToken, callbackUrl, callback.params, callback.signature)).toBe(true);
      expect(twilio.takeCallbacks()).toEqual([]);
    } finally {
      await twilio.close();
      await new Promise((resolve) => receiver.close(resolve));
    }
  });
});
