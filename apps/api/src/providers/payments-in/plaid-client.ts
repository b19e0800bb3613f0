import type { ProviderSettings } from '../../config.ts';
import { AppError } from '../../lib/errors.ts';
import type { LinkedBankAccount } from './types.ts';

export type PlaidSettings = ProviderSettings['plaid'];

type PlaidError = { error_type: string; error_code: string; error_message: string; display_message: string | null };
type PlaidAnswer<T> = { ok: true; answer: T } | { ok: false; error: PlaidError };
type AuthAnswer = {
  accounts: { account_id: string; name: string; mask: string | null; subtype: string | null }[];
  numbers: { ach: { account_id: string; account: string; routing: string }[] };
};

/** Errors that mean the payer's link is no longer good: they connect their bank again. */
const EXPIRED_LINK = new Set(['INVALID_PUBLIC_TOKEN', 'INVALID_ACCESS_TOKEN', 'ITEM_LOGIN_REQUIRED', 'INVALID_ACCOUNT_ID']);
const UNAVAILABLE = 'The bank link is not answering right now: please try again in a minute';

/**
 * Plaid, the bank link of invoice ACH payments (spec: plaid_link_token): Link's token (with the
 * OAuth redirect_uri banks that log in by OAuth send the payer back to), then the public token
 * Link hands the pay page exchanged for the account and routing numbers (/auth/get), which
 * Stripe debits; the Item is removed as soon as its numbers are read (/item/remove): we never
 * call Plaid for it again. The payer waits on these calls, so they are made before our
 * transaction and a server error gets one more try. Plain fetch: four JSON calls
 * (docs/decisions.md).
 */
export function createPlaidBankLink(settings: PlaidSettings) {
  const { clientId, secret, apiBase, redirectUri } = settings;

  async function call<T>(path: string, body: Record<string, unknown>): Promise<PlaidAnswer<T>> {
    // Readiness refuses to start live without them; checked here too, at the first call, not at every build.
    if (!clientId || !secret) throw new Error('PLAID_CLIENT_ID and PLAID_SECRET are not set');
    for (let attempt = 0; ; attempt += 1) {
      const response = await fetch(`${apiBase}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'plaid-version': '2020-09-14' },
        body: JSON.stringify({ client_id: clientId, secret, ...body }),
        signal: AbortSignal.timeout(15_000),
      }).catch(() => null);
      if (response?.ok) return { ok: true, answer: (await response.json()) as T };
      const isServerSide = !response || response.status >= 500;
      if (isServerSide && attempt === 0) continue;
      if (!response || isServerSide) throw new AppError('provider_unavailable', UNAVAILABLE);
      if (response.status === 429) throw new AppError('rate_limited', UNAVAILABLE);
      return { ok: false, error: (await response.json()) as PlaidError };
    }
  }

  /** /item/remove; a failure is logged by Plaid's code and the payment goes on (the access token, never stored, ends with this request). */
  async function removeItem(accessToken: string): Promise<void> {
    const removed = await call<{ request_id: string }>('/item/remove', { access_token: accessToken }).catch((error: unknown) => ({
      ok: false as const,
      error: { error_code: error instanceof AppError ? error.code : 'unreachable' },
    }));
    if (!removed.ok) console.error('[plaid] a bank link (Item) could not be removed after use', removed.error.error_code);
  }

  return {
    async createLinkToken(options: { client_user_id: string }): Promise<{ link_token: string }> {
      const result = await call<{ link_token: string }>('/link/token/create', {
        client_name: 'Crewpay',
        user: { client_user_id: options.client_user_id },
        products: ['auth'],
        country_codes: ['US'],
        language: 'en',
        ...(redirectUri ? { redirect_uri: redirectUri } : {}),
      });
      if (!result.ok) throw new AppError('conflict', 'There was an issue retrieving the plaid link token.');
      return { link_token: result.answer.link_token };
    },

    async exchangePublicToken(options: { public_token: string; account_id: string }): Promise<LinkedBankAccount | null> {
      const exchanged = await call<{ access_token: string }>('/item/public_token/exchange', { public_token: options.public_token });
      if (!exchanged.ok) return refusedLink(exchanged.error);
      const { access_token } = exchanged.answer;
      let auth: PlaidAnswer<AuthAnswer>;
      try {
        auth = await call<AuthAnswer>('/auth/get', { access_token, options: { account_ids: [options.account_id] } });
      } finally {
        // Whatever /auth/get answered, the Item has served: its access token dies here (docs/decisions.md).
        await removeItem(access_token);
      }
      if (!auth.ok) return refusedLink(auth.error);
      const account = auth.answer.accounts.find((candidate) => candidate.account_id === options.account_id);
      const numbers = auth.answer.numbers.ach.find((candidate) => candidate.account_id === options.account_id);
      if (!account || !numbers) return null;
      return {
        account_id: account.account_id,
        name: account.name,
        mask: account.mask ?? numbers.account.slice(-4),
        account_number: numbers.account,
        routing_number: numbers.routing,
      };
    },
  };
}

function refusedLink(error: PlaidError): null {
  if (EXPIRED_LINK.has(error.error_code)) return null;
  throw new AppError('conflict', error.display_message ?? 'Your bank could not be linked: please try another account or pay by card');
}
