import { randomBytes } from 'node:crypto';
import type { Config } from '../../config.ts';
import { createTwilioSms, twilioStatusCallbackUrl } from './twilio-sms.ts';
import type { SmsTransport } from './types.ts';

export type { SmsTransport } from './types.ts';
export { TWILIO_PROVIDER } from './twilio-sms.ts';

/** The sandbox: the message stays in the sms_messages outbox, readable at /dev/sms. */
export const outboxSmsTransport: SmsTransport = {
  name: 'outbox',
  send: async () => ({ provider_id: `SM${randomBytes(16).toString('hex')}` }),
};

/**
 * The configured SMS channel: the sandbox outbox, or the Twilio-compatible API (SMS_*) when
 * SANDBOX=false (providers/readiness.ts refuses to start live without its variables).
 */
export function smsTransport(config?: Pick<Config, 'isSandbox' | 'providers' | 'publicUrl'>): SmsTransport {
  if (!config || config.isSandbox) return outboxSmsTransport;
  return createTwilioSms(config.providers.sms, { statusCallbackUrl: twilioStatusCallbackUrl(config.publicUrl) });
}
