import type { BankChoice } from './bank-link-dialog.tsx';

/**
 * Plaid Link leaves the page for a bank that logs in by OAuth and comes back to /oauth-redirect,
 * where Link is opened again with the same link token (Plaid's documented flow). The token and
 * the invoice's pay link are kept in localStorage meanwhile, as Plaid advises (the bank may
 * come back in a new tab), for at most the link token's four hours.
 */
const KEY = 'crewpay.plaid-oauth';
const LINK_TOKEN_LIFETIME_MS = 4 * 3_600_000;

type Remembered = { link_token: string; pay_link_id: string; saved_at: number };

export function rememberPlaidLink(linkToken: string, payLinkId: string): void {
  const value: Remembered = { link_token: linkToken, pay_link_id: payLinkId, saved_at: Date.now() };
  window.localStorage.setItem(KEY, JSON.stringify(value));
}

/** The link token and pay link of the Link session the bank sent the payer back to; null when none or too old. */
export function recallPlaidLink(): Omit<Remembered, 'saved_at'> | null {
  try {
    const value = JSON.parse(window.localStorage.getItem(KEY) ?? 'null') as Remembered | null;
    if (!value || typeof value.link_token !== 'string' || typeof value.pay_link_id !== 'string') return null;
    return Date.now() - value.saved_at < LINK_TOKEN_LIFETIME_MS ? { link_token: value.link_token, pay_link_id: value.pay_link_id } : null;
  } catch {
    return null;
  }
}

export function forgetPlaidLink(): void {
  window.localStorage.removeItem(KEY);
}

/** What the pay page is handed back when the payer linked their bank after an OAuth detour (router state). */
export type LinkedAfterOAuth = { bank: BankChoice };
