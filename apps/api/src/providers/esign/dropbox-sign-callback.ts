import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { parseFormData } from '../../lib/form-data.ts';
import { WebhookSignatureError, type ProviderEventInput, type WebhookHeaders, type WebhookVerifier } from '../contract.ts';
import { DROPBOX_SIGN_PROVIDER, METADATA } from './dropbox-sign.ts';

/** The body Dropbox Sign wants in our 200 answer; anything else counts as a failed delivery and is sent again. */
const DROPBOX_SIGN_ACKNOWLEDGEMENT = 'Hello API Event Received';

/** Dropbox Sign's event_hash: the hex HMAC-SHA256 of event_time followed by event_type, keyed with the account's API key. */
export const dropboxSignEventHash = (apiKey: string, eventTime: string, eventType: string) =>
  createHmac('sha256', apiKey).update(`${eventTime}${eventType}`).digest('hex');

const metadata = z.record(z.string(), z.unknown()).nullish();
const callback = z.object({
  event: z.object({
    event_time: z.string().regex(/^\d{1,12}$/),
    event_type: z.string().min(1).max(100),
    event_hash: z.string().regex(/^[0-9a-f]{64}$/i),
  }),
  signature_request: z
    .object({ signature_request_id: z.string().min(1).max(100), is_complete: z.boolean().optional(), metadata })
    .optional(),
  template: z.object({ template_id: z.string().min(1).max(100), metadata }).optional(),
});
type Callback = z.infer<typeof callback>;

/** Dropbox Sign's event types we act on, as our events (docs/contracts.md). */
const REQUEST_EVENTS: Record<string, string> = {
  signature_request_all_signed: 'signature_request.all_signed',
  signature_request_declined: 'signature_request.declined',
};

/** The callback's payload: the `json` field of its multipart/form-data body (as Dropbox Sign sends it), or a JSON body. */
function payloadOf(rawBody: string, contentType: string | undefined): unknown {
  const isMultipart = /^multipart\/form-data/i.test(contentType ?? '');
  const text = isMultipart
    ? parseFormData(Buffer.from(rawBody, 'utf8'), contentType)
        .find((part) => part.name === 'json')
        ?.value.toString('utf8')
    : rawBody;
  return JSON.parse(text ?? '') as unknown;
}

const idOf = (value: unknown) => (typeof value === 'string' && /^[0-9a-f-]{36}$/i.test(value) ? value : null);

function eventsOf(payload: Callback): ProviderEventInput[] {
  const { event_type, event_time } = payload.event;
  const request = payload.signature_request;
  // One signer: their signed event is also the request's completion when Dropbox Sign says so.
  const type =
    REQUEST_EVENTS[event_type] ??
    (event_type === 'signature_request_signed' && request?.is_complete ? REQUEST_EVENTS.signature_request_all_signed : undefined);
  if (type && request) {
    const org_id = idOf(request.metadata?.[METADATA.org]);
    const contract_id = idOf(request.metadata?.[METADATA.contract]);
    // A request Crewpay did not send (the same account used elsewhere) is none of ours.
    if (!org_id || !contract_id) return [];
    const object_id = request.signature_request_id;
    // The event_hash covers only the time and type, so two bodies can share it: the id also names
    // the body it came with, so a body made up around a captured hash is never taken for the real
    // event of that request (stored once per id), and Dropbox Sign's retries of one event stay one.
    const body = createHash('sha256').update(JSON.stringify(request)).digest('hex').slice(0, 32);
    return [{ id: `${event_type}:${object_id}:${event_time}:${body}`, type, org_id, object_id, data: { contract_id, event_type } }];
  }
  if (event_type === 'template_created' && payload.template) {
    const org_id = idOf(payload.template.metadata?.[METADATA.org]);
    const object_id = payload.template.template_id;
    if (!org_id) return [];
    return [{ id: `${event_type}:${object_id}:${event_time}`, type: 'template.created', org_id, object_id, data: { event_type } }];
  }
  // callback_test, sent, viewed, reminded, canceled (by us), expired (we set no expiry there) ...: nothing of ours changes.
  return [];
}

/**
 * POST /v1/webhooks/dropbox-sign: Dropbox Sign's account or API app callbacks. The event_hash is
 * checked with the API key (constant-time). It covers only the time and type, not the body, so the
 * body is taken for what it names and no more: the signed file and its signer are read from
 * Dropbox Sign's API by the job that fetches the file, and our ids come from the metadata we gave.
 */
export const dropboxSignWebhookVerifier: WebhookVerifier = {
  provider: DROPBOX_SIGN_PROVIDER,
  acknowledgement: DROPBOX_SIGN_ACKNOWLEDGEMENT,
  verify(rawBody, headers: WebhookHeaders, deps) {
    const apiKey = deps.config.providers.dropboxSign.apiKey;
    const contentType = Array.isArray(headers['content-type']) ? headers['content-type'][0] : headers['content-type'];
    const payload = callback.parse(payloadOf(rawBody, contentType));
    const expected = Buffer.from(apiKey ? dropboxSignEventHash(apiKey, payload.event.event_time, payload.event.event_type) : '', 'hex');
    const given = Buffer.from(payload.event.event_hash, 'hex');
    if (!apiKey || given.length !== expected.length || !timingSafeEqual(given, expected)) throw new WebhookSignatureError();
    return eventsOf(payload);
  },
};
