import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { twilioSignature } from '../src/providers/sms/twilio-sms.ts';
import { startHttpFake, type FakeAnswer, type FakeRequest } from './http-fake.ts';
import { createOpenApiCheck, loadOpenApi } from './openapi-check.ts';
import { guardRoute } from './openapi-guard.ts';

export const TWILIO_FAKE = {
  accountSid: `AC${'f'.repeat(32)}`,
  authToken: 'crewpay-fake-auth-token',
  from: '+15005550006',
  messagingServiceSid: `MG${'e'.repeat(32)}`,
};

/** Twilio's magic test numbers: 21211 invalid, 21610 unsubscribed (blocked), 21614 not a mobile; ours: accepted, then undelivered (30003). */
const REFUSED: Record<string, { code: number; message: string }> = {
  '+15005550001': { code: 21211, message: "The 'To' number is not a valid phone number." },
  '+15005550004': { code: 21610, message: 'Attempt to send to unsubscribed recipient' },
  '+15005550009': { code: 21614, message: "'To' number is not a valid mobile number" },
};
export const UNDELIVERABLE_NUMBER = '+15555550199';
/** Twilio's default opt-out and opt-in keywords (a reply with one of them, alone). */
const STOP_WORDS = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'OPTOUT', 'REVOKE']);
const START_WORDS = new Set(['START', 'YES', 'UNSTOP']);

type Callback = { url: string; params: URLSearchParams };
type Message = { sid: string; to: string; from: string | null; messaging_service_sid: string | null; body: string; date_created: Date };
type Options = { port?: number; deliverOverHttp?: boolean; inboundUrl?: string };

const sid = () => `SM${randomBytes(16).toString('hex')}`;
const refuse = (status: number, code: number, message: string): FakeAnswer => ({
  status,
  body: { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status },
});

/** Twilio's documented error body (its OpenAPI description lists only the successes). */
function errorShapeProblems(answer: FakeAnswer): string[] {
  const body = answer.body as Record<string, unknown> | undefined;
  const fine =
    typeof body?.code === 'number' &&
    typeof body.message === 'string' &&
    typeof body.more_info === 'string' &&
    body.status === answer.status;
  return fine ? [] : [`an error answer is not Twilio's {code, message, more_info, status}`];
}

/**
 * Twilio's Messages API on a local port, checked against Twilio's OpenAPI description
 * (fakes/openapi/twilio-messages.json): basic auth with the account SID and auth token, form
 * bodies, a sender (From, or a MessagingServiceSid) and Twilio's error bodies. It keeps the
 * messages it accepted (listed newest first, filtered by To and From, as GET Messages.json
 * does), refuses a number that replied STOP (21610) until it replies START, and queues the
 * status callbacks Twilio would POST (sent, then delivered or undelivered) signed with
 * X-Twilio-Signature. In tests they are delivered by the test through app.inject; standalone
 * (deliverOverHttp) it POSTs them to the StatusCallback URL, and replies to `inboundUrl`.
 */
export async function startTwilioFake(options: Options = {}) {
  const callbacks: Callback[] = [];
  const messages: Message[] = [];
  const optedOut = new Set<string>();
  let dropNextAnswer = false;
  const messagesPath = `/2010-04-01/Accounts/${TWILIO_FAKE.accountSid}/Messages.json`;
  const resource = (message: Message) => ({
    sid: message.sid,
    account_sid: TWILIO_FAKE.accountSid,
    to: message.to,
    from: message.from,
    messaging_service_sid: message.messaging_service_sid,
    body: message.body,
    status: 'queued' as const,
    num_segments: '1',
    num_media: '0',
    direction: 'outbound-api' as const,
    api_version: '2010-04-01',
    price: null,
    price_unit: 'USD',
    date_created: message.date_created.toUTCString(),
    date_updated: message.date_created.toUTCString(),
    date_sent: null,
    error_code: null,
    error_message: null,
    uri: `${messagesPath.replace('.json', '')}/${message.sid}.json`,
    subresource_uris: { media: `${messagesPath.replace('.json', '')}/${message.sid}/Media.json` },
  });

  function queueCallbacks(message: Message, url: string) {
    const base = {
      AccountSid: TWILIO_FAKE.accountSid,
      MessageSid: message.sid,
      SmsSid: message.sid,
      To: message.to,
      ApiVersion: '2010-04-01',
    };
    // A Messaging Service picks the number from its pool: the callbacks name it, and the service.
    const sender: Record<string, string> = {
      From: message.from ?? TWILIO_FAKE.from,
      ...(message.messaging_service_sid ? { MessagingServiceSid: message.messaging_service_sid } : {}),
    };
    const final: Record<string, string> =
      message.to === UNDELIVERABLE_NUMBER
        ? { MessageStatus: 'undelivered', SmsStatus: 'undelivered', ErrorCode: '30003' }
        : { MessageStatus: 'delivered', SmsStatus: 'delivered' };
    const queued = [
      { url, params: new URLSearchParams({ ...base, ...sender, MessageStatus: 'sent', SmsStatus: 'sent' }) },
      { url, params: new URLSearchParams({ ...base, ...sender, ...final }) },
    ];
    if (options.deliverOverHttp) setTimeout(() => void postInOrder(queued), 200);
    else callbacks.push(...queued);
  }

  function create(form: URLSearchParams): FakeAnswer {
    const to = form.get('To') ?? '';
    const refused = REFUSED[to] ?? (optedOut.has(to) ? REFUSED['+15005550004'] : undefined);
    if (!/^\+[1-9]\d{7,14}$/.test(to)) return refuse(400, 21211, "The 'To' number is not a valid phone number.");
    if (refused) return refuse(400, refused.code, refused.message);
    const from = form.get('From');
    const service = form.get('MessagingServiceSid');
    if (!from && !service) return refuse(400, 21603, "A 'From' or 'MessagingServiceSid' parameter is required to send a message.");
    if (from && from !== TWILIO_FAKE.from)
      return refuse(400, 21606, "The 'From' phone number provided is not a valid message-capable Twilio phone number.");
    if (service && service !== TWILIO_FAKE.messagingServiceSid) return refuse(400, 21701, 'The Messaging Service does not exist');
    if (!form.get('Body')) return refuse(400, 21602, 'Message body is required.');
    const message: Message = {
      sid: sid(),
      to,
      from: service ? null : from,
      messaging_service_sid: service,
      body: form.get('Body')!,
      date_created: new Date(),
    };
    messages.push(message);
    const statusCallback = form.get('StatusCallback');
    if (statusCallback) queueCallbacks(message, statusCallback);
    // Accepted, and the answer lost on the way (a timeout): the caller cannot know it went.
    if (dropNextAnswer) {
      dropNextAnswer = false;
      return { status: 201, dropConnection: true };
    }
    return { status: 201, body: resource(message) };
  }

  function list(query: URLSearchParams): FakeAnswer {
    const pageSize = Number(query.get('PageSize') ?? 50);
    const found = messages
      .filter(
        (message) => (!query.get('To') || message.to === query.get('To')) && (!query.get('From') || message.from === query.get('From')),
      )
      .sort((a, b) => b.date_created.getTime() - a.date_created.getTime())
      .slice(0, pageSize);
    const uri = `${messagesPath}?${query.toString()}`;
    return {
      status: 200,
      body: {
        messages: found.map(resource),
        page: 0,
        page_size: pageSize,
        start: 0,
        end: Math.max(0, found.length - 1),
        uri,
        first_page_uri: uri,
        next_page_uri: null,
        previous_page_uri: null,
      },
    };
  }

  function route(request: FakeRequest): FakeAnswer {
    if (request.method === 'GET' && request.path === '/_fake/state') return { status: 200, body: state() };
    const auth = `Basic ${Buffer.from(`${TWILIO_FAKE.accountSid}:${TWILIO_FAKE.authToken}`).toString('base64')}`;
    if (request.headers.authorization !== auth) return refuse(401, 20003, 'Authenticate');
    if (request.path !== messagesPath) return refuse(404, 20404, 'The requested resource was not found');
    return request.method === 'POST' ? create(new URLSearchParams(request.body)) : list(request.query);
  }

  const state = () => ({
    messages: messages.map((message) => ({ ...resource(message), body: message.body })),
    opted_out: [...optedOut],
  });

  /** A reply from a phone to our number, as Twilio POSTs it to the number's messaging webhook; STOP and START change what Twilio lets through. */
  function reply(from: string, body: string): Callback {
    const word = body.trim().toUpperCase();
    if (STOP_WORDS.has(word)) optedOut.add(from);
    if (START_WORDS.has(word)) optedOut.delete(from);
    const params = new URLSearchParams({
      AccountSid: TWILIO_FAKE.accountSid,
      MessageSid: sid(),
      SmsSid: sid(),
      From: from,
      To: TWILIO_FAKE.from,
      Body: body,
      NumMedia: '0',
      ApiVersion: '2010-04-01',
      ...(STOP_WORDS.has(word) ? { OptOutType: 'STOP' } : START_WORDS.has(word) ? { OptOutType: 'START' } : {}),
    });
    return { url: options.inboundUrl ?? 'http://crewpay.test/v1/webhooks/twilio', params };
  }

  const signed = (callback: Callback, authToken = TWILIO_FAKE.authToken) => ({
    'content-type': 'application/x-www-form-urlencoded',
    'x-twilio-signature': twilioSignature(authToken, callback.url, callback.params),
  });
  async function postInOrder(queued: Callback[]) {
    for (const callback of queued)
      await fetch(callback.url, { method: 'POST', headers: signed(callback), body: callback.params.toString() }).catch(() => undefined);
  }

  const guard = await guardRoute(createOpenApiCheck(loadOpenApi('twilio-messages')), route, {
    name: 'Twilio',
    refuse: (problems) => refuse(400, 21200, `Invalid parameter: ${problems.join('; ')}`),
    isOwn: (request) => request.path.startsWith('/_fake/'),
    checkUndocumentedError: errorShapeProblems,
  });
  const fake = await startHttpFake(guard.route, { port: options.port });
  return {
    ...fake,
    failNext: guard.failNext,
    takeProblems: guard.takeProblems,
    settings: {
      SMS_ACCOUNT_SID: TWILIO_FAKE.accountSid,
      SMS_AUTH_TOKEN: TWILIO_FAKE.authToken,
      SMS_FROM: TWILIO_FAKE.from,
      SMS_API_BASE: fake.url,
    },
    state,
    takeCallbacks: () => callbacks.splice(0),
    /** The next message is accepted but its answer never arrives (the connection drops), as after a timeout. */
    dropAnswerOfNext: () => {
      dropNextAnswer = true;
    },
    /** A phone replies to our number (STOP, START, anything); answers the webhook Twilio would POST, for deliver. */
    reply: (from: string, body: string) => {
      const callback = reply(from, body);
      if (options.deliverOverHttp && options.inboundUrl) void postInOrder([callback]);
      return callback;
    },
    /** POSTs a status callback or a reply to our route, signed as Twilio signs it (or with another token). */
    deliver: (app: FastifyInstance, callback: Callback, signing: { authToken?: string } = {}) =>
      app.inject({
        method: 'POST',
        url: new URL(callback.url).pathname,
        headers: signed(callback, signing.authToken),
        payload: callback.params.toString(),
      }),
  };
}

export type TwilioFake = Awaited<ReturnType<typeof startTwilioFake>>;
