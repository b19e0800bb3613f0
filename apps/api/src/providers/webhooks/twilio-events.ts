import { and, eq } from 'drizzle-orm';
import { smsMessages } from '../../db/schema/index.ts';
import { WebhookSignatureError, type WebhookVerifier } from '../contract.ts';
import { isTwilioSignatureValid, TWILIO_PROVIDER, twilioStatusCallbackUrl } from '../sms/twilio-sms.ts';
import { headerValue } from './stripe-events.ts';

const FINAL_STATUSES: Record<string, string> = { delivered: 'sms.delivered', undelivered: 'sms.failed', failed: 'sms.failed' };

/**
 * POST /v1/webhooks/twilio: a text's status callback, signed with X-Twilio-Signature over the
 * URL we gave (PUBLIC_URL/v1/webhooks/twilio) and the form fields. Only final statuses become
 * events (sms.delivered, sms.failed), one per message and status; the organisation is the one
 * whose text it is.
 */
export const twilioWebhookVerifier: WebhookVerifier = {
  provider: TWILIO_PROVIDER,
  async verify(rawBody, headers, deps) {
    const { authToken } = deps.config.providers.sms;
    const signature = headerValue(headers, 'x-twilio-signature');
    const params = new URLSearchParams(rawBody);
    if (!authToken || !signature || !isTwilioSignatureValid(authToken, twilioStatusCallbackUrl(deps.config.publicUrl), params, signature))
      throw new WebhookSignatureError();
    const sid = params.get('MessageSid') ?? '';
    const type = FINAL_STATUSES[params.get('MessageStatus') ?? ''];
    if (!type || !/^(SM|MM)[0-9a-f]{32}$/i.test(sid)) return [];
    const [message] = await deps.db
      .select({ org_id: smsMessages.org_id })
      .from(smsMessages)
      .where(and(eq(smsMessages.provider_id, sid), eq(smsMessages.transport, 'twilio')));
    if (!message?.org_id) return [];
    const code = params.get('ErrorCode');
    const data: Record<string, string> = code ? { error_code: code } : {};
    return [{ id: `${sid}:${type}`, type, org_id: message.org_id, object_id: sid, data }];
  },
};
