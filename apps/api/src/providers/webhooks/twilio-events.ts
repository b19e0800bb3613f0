import { and, desc, eq, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { smsMessages } from '../../db/schema/index.ts';
import { WebhookSignatureError, type ProviderEventInput, type WebhookVerifier } from '../contract.ts';
import { isTwilioSignatureValid, TWILIO_PROVIDER, twilioStatusCallbackUrl } from '../sms/twilio-sms.ts';
import { headerValue } from './stripe-events.ts';

const FINAL_STATUSES: Record<string, string> = { delivered: 'sms.delivered', undelivered: 'sms.failed', failed: 'sms.failed' };
/** Twilio's default opt-out and opt-in keywords, when a reply is only that word (Advanced Opt-Out says it in OptOutType). */
const STOP_WORDS = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'OPTOUT', 'REVOKE']);
const START_WORDS = new Set(['START', 'YES', 'UNSTOP']);
const MESSAGE_SID = /^(SM|MM)[0-9a-f]{32}$/i;

/**
 * The organisation of a status callback: the one whose text has this message id; or, while
 * that id is not recorded yet (the send's answer is being recorded, or was lost and the
 * look-up has not found it yet), the one whose text to this number is still queued. The event
 * then waits until the id is recorded.
 */
async function orgOfStatus(db: Db, sid: string, to: string): Promise<string | null> {
  const [message] = await db
    .select({ org_id: smsMessages.org_id })
    .from(smsMessages)
    .where(
      or(
        and(eq(smsMessages.provider_id, sid), eq(smsMessages.transport, 'twilio')),
        and(eq(smsMessages.to, to), eq(smsMessages.status, 'queued'), isNull(smsMessages.provider_id)),
      ),
    )
    .orderBy(desc(eq(smsMessages.provider_id, sid)), desc(smsMessages.created_at))
    .limit(1);
  return message?.org_id ?? null;
}

function statusEvents(params: URLSearchParams, orgId: string | null): ProviderEventInput[] {
  const sid = params.get('MessageSid') ?? '';
  const type = FINAL_STATUSES[params.get('MessageStatus') ?? ''];
  if (!type || !orgId) return [];
  const code = params.get('ErrorCode');
  return [{ id: `${sid}:${type}`, type, org_id: orgId, object_id: sid, data: code ? { error_code: code } : {} }];
}

/** A reply to our number: STOP or START (by Twilio's OptOutType, or the keyword alone), else nothing for us. */
async function replyEvents(db: Db, params: URLSearchParams): Promise<ProviderEventInput[]> {
  const sid = params.get('MessageSid') ?? '';
  const phone = params.get('From') ?? '';
  const word = (params.get('OptOutType') ?? params.get('Body') ?? '').trim().toUpperCase();
  const type = STOP_WORDS.has(word) ? 'sms.opted_out' : START_WORDS.has(word) ? 'sms.opted_in' : null;
  if (!type) return [];
  // Every organisation's texts honour it; it is recorded under the last one that texted the number.
  const [latest] = await db
    .select({ org_id: smsMessages.org_id })
    .from(smsMessages)
    .where(eq(smsMessages.to, phone))
    .orderBy(desc(smsMessages.created_at))
    .limit(1);
  if (!latest?.org_id) return [];
  return [{ id: `${sid}:${type}`, type, org_id: latest.org_id, object_id: sid, data: { phone } }];
}

/**
 * POST /v1/webhooks/twilio, signed with X-Twilio-Signature over the URL we gave
 * (PUBLIC_URL/v1/webhooks/twilio, also the number's or Messaging Service's incoming-message
 * webhook) and the form fields. A text's status callback becomes sms.delivered or sms.failed
 * (final statuses only, one event per message and status); a reply STOP or START becomes
 * sms.opted_out or sms.opted_in.
 */
export const twilioWebhookVerifier: WebhookVerifier = {
  provider: TWILIO_PROVIDER,
  async verify(rawBody, headers, deps) {
    const { authToken } = deps.config.providers.sms;
    const signature = headerValue(headers, 'x-twilio-signature');
    const params = new URLSearchParams(rawBody);
    if (!authToken || !signature || !isTwilioSignatureValid(authToken, twilioStatusCallbackUrl(deps.config.publicUrl), params, signature))
      throw new WebhookSignatureError();
    if (!MESSAGE_SID.test(params.get('MessageSid') ?? '')) return [];
    if (params.has('MessageStatus')) {
      return statusEvents(params, await orgOfStatus(deps.db, params.get('MessageSid')!, params.get('To') ?? ''));
    }
    return replyEvents(deps.db, params);
  },
};
