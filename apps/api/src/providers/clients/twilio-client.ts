import { ProviderCallError } from '../contract.ts';
import { retryAfterMs } from './stripe-client.ts';

/** What the client needs of the SMS settings (config.providers.sms). */
type TwilioCredentials = { accountSid: string; authToken: string; apiBase: string };

/** A Message resource as Twilio answers it (the fields we read). */
type TwilioMessage = { sid: string; to: string | null; body: string | null; direction: string; date_created: string | null };

const TIMEOUT_MS = 30_000;

/**
 * Twilio's REST API (2010-04-01) for the Messages resource: basic auth with the account SID and
 * auth token, form bodies, JSON answers. A failure throws a ProviderCallError with Twilio's
 * code only (`twilio_21211`), never its message (it may quote the number): 429 and 5xx are
 * retryable (with Retry-After), any other refusal is final; no answer at all is retryable, and
 * the caller cannot know whether Twilio acted on it.
 */
export function twilioClient(credentials: TwilioCredentials) {
  const base = `${credentials.apiBase}/2010-04-01/Accounts/${encodeURIComponent(credentials.accountSid)}`;
  const authorization = `Basic ${Buffer.from(`${credentials.accountSid}:${credentials.authToken}`).toString('base64')}`;

  async function request<T>(path: string, init: { method: 'GET' | 'POST'; form?: URLSearchParams }): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method: init.method,
        headers: {
          authorization,
          ...(init.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
        body: init.form,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch {
      throw new ProviderCallError({ code: 'sms_unreachable', retryable: true });
    }
    const answer = (await response.json().catch(() => ({}))) as T & { code?: number };
    if (response.ok) return answer;
    throw new ProviderCallError({
      code: `twilio_${answer.code ?? response.status}`,
      retryable: response.status === 429 || response.status >= 500,
      retryAfterMs: retryAfterMs(response.headers.get('retry-after')),
    });
  }

  return {
    /** POST Messages.json: Twilio accepts the message (queued) or refuses it. */
    createMessage: (form: URLSearchParams) => request<TwilioMessage>('/Messages.json', { method: 'POST', form }),
    /** GET Messages.json: the newest messages first, filtered by To (and From). */
    listMessages: async (filter: { to: string; from?: string; pageSize: number }) => {
      const query = new URLSearchParams({
        To: filter.to,
        ...(filter.from ? { From: filter.from } : {}),
        PageSize: String(filter.pageSize),
      });
      return (await request<{ messages?: TwilioMessage[] }>(`/Messages.json?${query.toString()}`, { method: 'GET' })).messages ?? [];
    },
  };
}
