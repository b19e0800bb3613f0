import { randomBytes } from 'node:crypto';
import type { SmsTransport } from './types.ts';

export type { SmsTransport } from './types.ts';

/** The sandbox: the message stays in the sms_messages outbox, readable at /dev/sms. */
export const outboxSmsTransport: SmsTransport = {
  name: 'outbox',
  send: async () => ({ provider_id: `SM${randomBytes(16).toString('hex')}` }),
};

/** Twilio's REST API (POST /2010-04-01/Accounts/{sid}/Messages.json), used when its credentials are configured. */
export function twilioSmsTransport(options: { accountSid: string; authToken: string; from: string }): SmsTransport {
  return {
    name: 'twilio',
    async send(message) {
      const response = await fetch(`https://api.twilio.com/2010-04-01/Accounts/${options.accountSid}/Messages.json`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({ To: message.to, From: options.from, Body: message.body }),
      });
      if (!response.ok) throw new Error(`Twilio answered ${response.status}`);
      const answer = (await response.json()) as { sid: string };
      return { provider_id: answer.sid };
    },
  };
}

/** Twilio when TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM are set, else the sandbox outbox. */
export function smsTransport(env: NodeJS.ProcessEnv = process.env): SmsTransport {
  const { TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM } = env;
  if (TWILIO_ACCOUNT_SID && TWILIO_AUTH_TOKEN && TWILIO_FROM)
    return twilioSmsTransport({ accountSid: TWILIO_ACCOUNT_SID, authToken: TWILIO_AUTH_TOKEN, from: TWILIO_FROM });
  return outboxSmsTransport;
}
