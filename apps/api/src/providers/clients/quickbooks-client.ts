import type { QuickbooksSettings } from '../../config.ts';
import { ProviderCallError } from '../contract.ts';
import { retryAfterMs } from './stripe-client.ts';

/**
 * Intuit's OAuth 2.0 server and the QuickBooks Online Accounting API over plain fetch
 * (docs/decisions.md: why not the intuit-oauth package). Every Accounting API call carries the
 * pinned minor version; answers are read as Intuit documents them: a `Fault` with its `Error`
 * list and `type`, 401 for a refused access token, 429 when the company's request limit is hit.
 */

/** The Accounting API's minor version, pinned: Intuit answers 75 for anything older since August 2025. */
const QUICKBOOKS_MINOR_VERSION = '75';
const QUICKBOOKS_SCOPE = 'com.intuit.quickbooks.accounting';
/** The most rows one query answers (MAXRESULTS). */
const PAGE_SIZE = 1000;
const TIMEOUT_MS = 30_000;

export type QuickbooksFaultError = { Message?: string; Detail?: string; code?: string; element?: string };
export type QuickbooksFault = { type?: string; Error?: QuickbooksFaultError[] };

/** An Intuit answer that refused the request: status, the Fault it carried (or the OAuth error), Retry-After. */
export class QuickbooksHttpError extends Error {
  constructor(
    readonly status: number,
    readonly fault: QuickbooksFault | null,
    readonly oauthError: string | null,
    readonly retryAfterMs: number | undefined,
  ) {
    super(`QuickBooks answered ${status}`);
    this.name = 'QuickbooksHttpError';
  }
}

export type TokenAnswer = {
  access_token: string;
  refresh_token: string;
  token_type: string;
  expires_in: number;
  x_refresh_token_expires_in: number;
};

type Json = Record<string, unknown>;

/** Intuit's 401s have been seen with lowercase keys (`fault.error[].message`): both spellings are read. */
function faultOf(body: unknown): QuickbooksFault | null {
  if (!body || typeof body !== 'object') return null;
  const raw = ((body as Json).Fault ?? (body as Json).fault) as Json | undefined;
  if (!raw || typeof raw !== 'object') return null;
  const errors = (raw.Error ?? raw.error) as Json[] | undefined;
  return {
    type: String(raw.type ?? ''),
    Error: (Array.isArray(errors) ? errors : []).map((error) => ({
      Message: String(error.Message ?? error.message ?? ''),
      Detail: String(error.Detail ?? error.detail ?? ''),
      code: String(error.code ?? ''),
    })),
  };
}

/** One exchange with Intuit; a network failure or a timeout is worth another try (the outbox retries with the same requestid). */
async function send(url: string, init: RequestInit): Promise<Json> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch {
    throw new ProviderCallError({ code: 'qb_unreachable', retryable: true, message: 'QuickBooks did not answer' });
  }
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // An HTML gateway page (502, 504): the status says what happened.
  }
  const fault = faultOf(body);
  // Intuit may answer 200 with a Fault in the body: it is a refusal all the same.
  if (response.ok && !fault) return (body ?? {}) as Json;
  const oauthError = body && typeof body === 'object' && typeof (body as Json).error === 'string' ? String((body as Json).error) : null;
  throw new QuickbooksHttpError(response.ok ? 400 : response.status, fault, oauthError, retryAfterMs(response.headers.get('retry-after')));
}

export function quickbooksClient(settings: QuickbooksSettings) {
  const { clientId, clientSecret, redirectUri } = settings;
  if (!clientId || !clientSecret || !redirectUri)
    throw new Error('QUICKBOOKS_CLIENT_ID, QUICKBOOKS_CLIENT_SECRET and QUICKBOOKS_REDIRECT_URI are not set');
  const basic = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;

  const token = (form: Record<string, string>) =>
    send(settings.tokenUrl, {
      method: 'POST',
      headers: { authorization: basic, accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    }) as Promise<TokenAnswer>;

  const api = (auth: { realm_id: string; access_token: string }, path: string, query: Record<string, string>, init: RequestInit = {}) => {
    const search = new URLSearchParams({ ...query, minorversion: QUICKBOOKS_MINOR_VERSION });
    return send(`${settings.apiBase}/v3/company/${encodeURIComponent(auth.realm_id)}/${path}?${search}`, {
      ...init,
      headers: { authorization: `Bearer ${auth.access_token}`, accept: 'application/json', ...init.headers },
    });
  };

  return {
    /** Intuit's authorization page for the accounting scope; `state` comes back to the redirect URI untouched. */
    authorizationUrl(state: string): string {
      const query = new URLSearchParams({
        client_id: clientId,
        response_type: 'code',
        scope: QUICKBOOKS_SCOPE,
        redirect_uri: redirectUri,
        state,
      });
      return `${settings.authorizeUrl}?${query}`;
    },
    exchangeCode: (code: string) => token({ grant_type: 'authorization_code', code, redirect_uri: redirectUri }),
    refresh: (refreshToken: string) => token({ grant_type: 'refresh_token', refresh_token: refreshToken }),
    /** Revoking the refresh token ends the whole grant (its access tokens too). */
    async revoke(tokenToRevoke: string): Promise<void> {
      await send(settings.revokeUrl, {
        method: 'POST',
        headers: { authorization: basic, accept: 'application/json', 'content-type': 'application/json' },
        body: JSON.stringify({ token: tokenToRevoke }),
      });
    },
    /** Every row of an entity, a thousand a page (`select * from <Entity> [where ...]`). */
    async queryAll<T>(auth: { realm_id: string; access_token: string }, entity: string, where = ''): Promise<T[]> {
      const rows: T[] = [];
      for (let start = 1; ; start += PAGE_SIZE) {
        const statement = `select * from ${entity}${where ? ` where ${where}` : ''} startposition ${start} maxresults ${PAGE_SIZE}`;
        const answer = await api(auth, 'query', { query: statement });
        const page = ((answer.QueryResponse as Json | undefined)?.[entity] ?? []) as T[];
        rows.push(...page);
        if (page.length < PAGE_SIZE) return rows;
      }
    },
    /** Creates an entity with a requestid: the same requestid again answers the first answer (Intuit's idempotency). */
    async create<T>(auth: { realm_id: string; access_token: string }, entity: string, body: unknown, requestId: string): Promise<T> {
      const answer = await api(
        auth,
        entity.toLowerCase(),
        { requestid: requestId },
        { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
      );
      return answer[entity] as T;
    },
  };
}
