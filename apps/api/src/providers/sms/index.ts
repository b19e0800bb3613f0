import { randomBytes } from 'node:crypto';
import type { Config } from '../../config.ts';
import { ProviderCallError } from '../contract.ts';
import { SANDBOX_PROVIDER } from '../sandbox-events.ts';
import { createTwilioSms, TWILIO_PROVIDER, twilioStatusCallbackUrl } from './twilio-sms.ts';
import type { SmsTransport } from './types.ts';

export type { SmsSent } from './types.ts';
export { TWILIO_PROVIDER } from './twilio-sms.ts';

/** Twilio's test numbers, refused the same way in the sandbox (docs/notifications.md): invalid, unsubscribed, not a mobile. */
const SANDBOX_REFUSED_NUMBERS: Record<string, string> = {
  '+15005550001': 'twilio_21211',
  '+15005550004': 'twilio_21610',
  '+15005550009': 'twilio_21614',
};

/** The sandbox: the message stays in the sms_messages outbox, readable at /dev/sms; Twilio's test numbers are refused as Twilio refuses them. */
const outboxSmsTransport: SmsTransport = {
  name: 'outbox',
  send: async (message) => {
    const refused = SANDBOX_REFUSED_NUMBERS[message.to];
    if (refused) throw new ProviderCallError({ code: refused, retryable: false });
    return { provider_id: `SM${randomBytes(16).toString('hex')}` };
  },
  // The sandbox answers every send: no answer is ever lost to look for.
  find: async () => null,
};

/**
 * The configured SMS channel: the sandbox outbox, or the Twilio-compatible API (SMS_*) when
 * SANDBOX=false (providers/readiness.ts refuses to start live without its variables).
 */
export function smsTransport(config: Pick<Config, 'isSandbox' | 'providers' | 'publicUrl'>): SmsTransport {
  if (config.isSandbox) return outboxSmsTransport;
  return createTwilioSms(config.providers.sms, { statusCallbackUrl: twilioStatusCallbackUrl(config.publicUrl) });
}

/** The provider name SMS calls are recorded under (the send operation is registered under both). */
export const smsProviderName = (config: Pick<Config, 'isSandbox'>) => (config.isSandbox ? SANDBOX_PROVIDER : TWILIO_PROVIDER);
