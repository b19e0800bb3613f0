import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { twilioSignature } from '../src/providers/sms/twilio-sms.ts';
import { startHttpFake, type FakeAnswer, type FakeRequest } from './http-fake.ts';

export const TWILIO_FAKE = { accountSid: `AC${'f'.repeat(32)}`, authToken: 'crewpay-fake-auth-token', from: '+15005550006' };

/** Twilio's magic test numbers: 21211 invalid, 21614 not a mobile; ours: accepted, then undelivered (30003). */
const REFUSED: Record<string, { code: number; message: string }> = {
  '+15005550001': { code: 21211, message: "The 'To' number is not a valid phone number." },
  '+15005550009': { code: 21614, message: "'To' number is not a valid mobile number" },
};
export const UNDELIVERABLE_NUMBER = '+15555550199';

type Callback = { url: string; params: URLSearchParams };

/**
 * A Twilio-compatible Messages API on a local port: basic auth with the account SID and auth
 * token, form bodies, Twilio's error bodies ({code, message, more_info, status}), and the
 * status callbacks Twilio would POST (sent, then delivered or undelivered), signed with
 * X-Twilio-Signature, for the test to deliver.
 */
export async function startTwilioFake(options: { port?: number } = {}) {
  const callbacks: Callback[] = [];
  const refuse = (status: number, code: number, message: string): FakeAnswer => ({
    status,
    body: { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status },
  });

  function route(request: FakeRequest): FakeAnswer {
    const path = `/2010-04-01/Accounts/${TWILIO_FAKE.accountSid}/Messages.json`;
    const auth = `Basic ${Buffer.from(`${TWILIO_FAKE.accountSid}:${TWILIO_FAKE.authToken}`).toString('base64')}`;
    if (request.headers.authorization !== auth) return refuse(401, 20003, 'Authenticate');
    if (request.method !== 'POST' || request.path !== path) return refuse(404, 20404, 'The requested resource was not found');
    const form = new URLSearchParams(request.body);
    const to = form.get('To') ?? '';
    if (!/^\+[1-9]\d{7,14}$/.test(to) || REFUSED[to]) {
      const refusal = REFUSED[to] ?? { code: 21211, message: "The 'To' number is not a valid phone number." };
      return refuse(400, refusal.code, refusal.message);
    }
    if (form.get('From') !== TWILIO_FAKE.from)
      return refuse(400, 21606, "The 'From' phone number provided is not a valid message-capable Twilio phone number.");
    if (!form.get('Body')) return refuse(400, 21602, 'Message body is required.');
    const sid = `SM${randomBytes(16).toString('hex')}`;
    const statusCallback = form.get('StatusCallback');
    if (statusCallback) {
      const base = {
        AccountSid: TWILIO_FAKE.accountSid,
        MessageSid: sid,
        SmsSid: sid,
        From: TWILIO_FAKE.from,
        To: to,
        ApiVersion: '2010-04-01',
      };
      callbacks.push({ url: statusCallback, params: new URLSearchParams({ ...base, MessageStatus: 'sent', SmsStatus: 'sent' }) });
      const final: Record<string, string> =
        to === UNDELIVERABLE_NUMBER
          ? { MessageStatus: 'undelivered', SmsStatus: 'undelivered', ErrorCode: '30003' }
          : { MessageStatus: 'delivered', SmsStatus: 'delivered' };
      callbacks.push({ url: statusCallback, params: new URLSearchParams({ ...base, ...final }) });
    }
    return {
      status: 201,
      body: {
        sid,
        account_sid: TWILIO_FAKE.accountSid,
        to,
        from: TWILIO_FAKE.from,
        body: form.get('Body'),
        status: 'queued',
        num_segments: '1',
        direction: 'outbound-api',
        api_version: '2010-04-01',
        date_created: new Date().toUTCString(),
        error_code: null,
        error_message: null,
        uri: `${path.replace('.json', '')}/${sid}.json`,
      },
    };
  }

  const fake = await startHttpFake(route, options);
  return {
    ...fake,
    settings: {
      SMS_ACCOUNT_SID: TWILIO_FAKE.accountSid,
      SMS_AUTH_TOKEN: TWILIO_FAKE.authToken,
      SMS_FROM: TWILIO_FAKE.from,
      SMS_API_BASE: fake.url,
    },
    takeCallbacks: () => callbacks.splice(0),
    /** POSTs a status callback to our route, signed as Twilio signs it (or with another token). */
    deliver: (app: FastifyInstance, callback: Callback, options: { authToken?: string } = {}) =>
      app.inject({
        method: 'POST',
        url: new URL(callback.url).pathname,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-twilio-signature': twilioSignature(options.authToken ?? TWILIO_FAKE.authToken, callback.url, callback.params),
        },
        payload: callback.params.toString(),
      }),
  };
}
