import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ProviderSettings } from '../../config.ts';
import { twilioClient } from '../clients/twilio-client.ts';
import { ProviderCallError } from '../contract.ts';
import type { SmsTransport } from './types.ts';

type SmsSettings = ProviderSettings['sms'];

/** The provider name of the SMS calls and of their status callbacks, POST /v1/webhooks/twilio. */
export const TWILIO_PROVIDER = 'twilio';
export const twilioStatusCallbackUrl = (publicUrl: string) => `${publicUrl}/v1/webhooks/twilio`;

/** How many of the number's newest messages are read when looking for a text already accepted. */
const LOOKUP_PAGE_SIZE = 50;

/**
 * Texts through Twilio's Messages API (or any service speaking it at SMS_API_BASE): from the
 * Messaging Service SMS_MESSAGING_SERVICE_SID when set, else from the number SMS_FROM, with a
 * StatusCallback to our webhook route, so a text that cannot be delivered is marked failed.
 */
export function createTwilioSms(settings: SmsSettings, options: { statusCallbackUrl: string }): SmsTransport {
  const { accountSid, authToken, from, messagingServiceSid, apiBase } = settings;
  if (!accountSid || !authToken || !(from || messagingServiceSid))
    // Readiness refuses to start live without them; a call made anyway is tried again once configured.
    throw new ProviderCallError({ code: 'sms_not_configured', retryable: true });
  const client = twilioClient({ accountSid, authToken, apiBase });
  const sender: Record<string, string> = messagingServiceSid ? { MessagingServiceSid: messagingServiceSid } : { From: from! };
  return {
    name: 'twilio',
    async send(message) {
      const form = new URLSearchParams({ To: message.to, ...sender, Body: message.body, StatusCallback: options.statusCallbackUrl });
      const created = await client.createMessage(form);
      return { provider_id: created.sid };
    },
    async find(message) {
      // A Messaging Service picks the sending number itself: then only the recipient narrows the list.
      const listed = await client.listMessages({
        to: message.to,
        from: messagingServiceSid ? undefined : from,
        pageSize: LOOKUP_PAGE_SIZE,
      });
      const found = listed.find(
        (candidate) =>
          candidate.direction.startsWith('outbound') &&
          candidate.body === message.body &&
          Date.parse(candidate.date_created ?? '') >= message.since.getTime(),
      );
      return found ? { provider_id: found.sid } : null;
    },
  };
}

/**
 * Twilio's request signature: base64 HMAC-SHA1, keyed by the auth token, of the full URL
 * followed by every POST parameter's name and value, sorted by name.
 */
export function twilioSignature(authToken: string, url: string, params: URLSearchParams): string {
  const sorted = [...params.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return createHmac('sha1', authToken)
    .update(url + sorted.map(([name, value]) => name + value).join(''))
    .digest('base64');
}

export function isTwilioSignatureValid(authToken: string, url: string, params: URLSearchParams, signature: string): boolean {
  const expected = Buffer.from(twilioSignature(authToken, url, params));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
