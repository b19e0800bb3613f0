import type { ProviderSettings } from '../../config.ts';
import { ProviderCallError } from '../contract.ts';
import { retryAfterMs } from './stripe-client.ts';

type PaypalSettings = ProviderSettings['paypal'];

/** The provider name of PayPal's webhook route, POST /v1/webhooks/paypal. */
export const PAYPAL_PROVIDER = 'paypal';

type Token = { value: string; expiresAt: number };
/** Bearer tokens by API base and client id, kept by the process (providers/process-clients.ts). */
export type PaypalTokens = Map<string, Token>;

/**
 * PayPal-Auth-Assertion: how a partner calls on behalf of a merchant who granted it permissions
 * (developer.paypal.com/api/rest/requests): an unsigned JWT, {"alg":"none"} and {"iss": the
 * partner's client id, "payer_id": the merchant's}, base64url, with the final empty signature.
 */
function authAssertion(clientId: string, payerId: string): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'none' })}.${part({ iss: clientId, payer_id: payerId })}.`;
}

type RequestOptions = {
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
  /** The merchant (payer id) the call is made for: its PayPal account, not the partner's, is used. */
  onBehalfOf?: string;
};

/**
 * PayPal's REST API with the OAuth 2.0 client credentials flow: a bearer token from
 * /v1/oauth2/token, kept (in the process's `tokens`) until a minute before it expires. Plain fetch: PayPal's Node SDK
 * for payouts is deprecated (docs/decisions.md). Every call carries the partner's BN code
 * (PayPal-Partner-Attribution-Id); a call for an organisation's own account its assertion.
 */
export function paypalClient(settings: PaypalSettings, tokens: PaypalTokens = new Map()) {
  const { clientId, clientSecret, apiBase } = settings;
  if (!clientId || !clientSecret) throw new Error('PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET are not set');
  const cacheKey = `${apiBase} ${clientId}`;

  async function accessToken(): Promise<string> {
    const cached = tokens.get(cacheKey);
    if (cached && cached.expiresAt > Date.now()) return cached.value;
    const response = await send(`${apiBase}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    const answer = (await response.json()) as { access_token: string; expires_in: number };
    tokens.set(cacheKey, { value: answer.access_token, expiresAt: Date.now() + Math.max(0, answer.expires_in - 60) * 1000 });
    return answer.access_token;
  }

  return {
    /** A JSON request with the bearer token; a 401 (a token revoked early) gets one fresh token and one more try. */
    async request<T>(method: 'GET' | 'POST', path: string, options: RequestOptions = {}): Promise<T> {
      const partyHeaders: Record<string, string> = {
        ...(settings.attributionId ? { 'paypal-partner-attribution-id': settings.attributionId } : {}),
        ...(options.onBehalfOf ? { 'paypal-auth-assertion': authAssertion(clientId, options.onBehalfOf) } : {}),
      };
      for (let attempt = 0; ; attempt += 1) {
        const init = {
          method,
          headers: {
            authorization: `Bearer ${await accessToken()}`,
            'content-type': 'application/json',
            ...partyHeaders,
            ...options.headers,
          },
          ...(options.rawBody !== undefined
            ? { body: options.rawBody }
            : options.body === undefined
              ? {}
              : { body: JSON.stringify(options.body) }),
        };
        try {
          const response = await send(`${apiBase}${path}`, init);
          return (await response.json().catch(() => {
            throw new ProviderCallError({ code: 'paypal_unreadable_answer', retryable: true });
          })) as T;
        } catch (error) {
          if (attempt === 0 && error instanceof ProviderCallError && error.code === 'AUTHENTICATION_FAILURE') {
            tokens.delete(cacheKey);
            continue;
          }
          throw error;
        }
      }
    },
  };
}

/** A PayPal error answer, with what its body names: the issues of its details and its HATEOAS links (a duplicate batch's original). */
export class PaypalCallError extends ProviderCallError {
  readonly issues: string[];
  readonly links: { href: string; rel?: string }[];
  constructor(options: ConstructorParameters<typeof ProviderCallError>[0] & { issues: string[]; links: { href: string; rel?: string }[] }) {
    super(options);
    this.issues = options.issues;
    this.links = options.links;
  }
}

type PaypalErrorBody = { name?: string; error?: string; details?: { issue?: string }[]; links?: { href?: string; rel?: string }[] };

/**
 * One HTTP exchange; PayPal's failures as the outbox understands them: 429 and 5xx are tried
 * again (after Retry-After when given), other 4xx are final, with PayPal's error name as code.
 */
async function send(url: string, init: RequestInit): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(30_000) });
  } catch {
    throw new ProviderCallError({ code: 'paypal_unreachable', retryable: true });
  }
  if (response.ok) return response;
  const body = (await response.json().catch(() => ({}))) as PaypalErrorBody;
  const retryable = response.status === 429 || response.status >= 500;
  const code = response.status === 401 ? 'AUTHENTICATION_FAILURE' : (body.name ?? body.error ?? `paypal_${response.status}`);
  throw new PaypalCallError({
    code,
    retryable,
    retryAfterMs: retryAfterMs(response.headers.get('retry-after')),
    issues: (Array.isArray(body.details) ? body.details : []).map((detail) => String(detail?.issue ?? '')),
    links: (Array.isArray(body.links) ? body.links : [])
      .filter((link) => typeof link?.href === 'string')
      .map((link) => ({ href: link.href!, rel: link.rel })),
  });
}
