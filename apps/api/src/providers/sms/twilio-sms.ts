import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ProviderSettings } from '../../config.ts';
import { retryAfterMs } from '../clients/stripe-client.ts';
import { ProviderCallError } from '../contract.ts';
import type { SmsTransport } from './types.ts';

export type SmsSettings = ProviderSettings['sms'];

/** The provider name of the SMS status callbacks, POST /v1/webhooks/twilio. */
export const TWILIO_PROVIDER = 'twilio';
export const twilioStatusCallbackUrl = (publicUrl: string) => `${publicUrl}/v1/webhooks/twilio`;

/**
 * A Twilio-compatible Messages API (Twilio, or any service speaking it at SMS_API_BASE):
 * POST /2010-04-01/Accounts/{SMS_ACCOUNT_SID}/Messages.json with basic auth, the sender
 * SMS_FROM and a StatusCallback to our webhook route, so a text that cannot be delivered is
 * marked failed. A failure throws with the provider's code only (never the number or text):
 * 429 and 5xx are retryable, the SMS job tries again.
 */
export function createTwilioSms(settings: SmsSettings, options: { statusCallbackUrl: string }): SmsTransport {
  const { accountSid, authToken, from, apiBase } = settings;
  if (!accountSid || !authToken || !from) throw new Error('SMS_ACCOUNT_SID, SMS_AUTH_TOKEN and SMS_FROM are not set');
  return {
    name: 'twilio',
    async send(message) {
      let response: Response;
      try {
        response = await fetch(`${apiBase}/2010-04-01/Accounts/${encodeURIComponent(accountSid)}/Messages.json`, {
          method: 'POST',
          headers: {
            authorization: `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`,
            'content-type': 'application/x-www-form-urlencoded',
          },
          body: new URLSearchParams({ To: message.to, From: from, Body: message.body, StatusCallback: options.statusCallbackUrl }),
          signal: AbortSignal.timeout(30_000),
        });
      } catch {
        throw new ProviderCallError({ code: 'sms_unreachable', retryable: true });
      }
      const answer = (await response.json().catch(() => ({}))) as { sid?: string; code?: number };
      if (!response.ok || !answer.sid) {
        const retryable = response.status === 429 || response.status >= 500;
        throw new ProviderCallError({
          code: `twilio_${answer.code ?? response.status}`,
          retryable,
          retryAfterMs: retryAfterMs(response.headers.get('retry-after')),
        });
      }
      return { provider_id: answer.sid };
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
