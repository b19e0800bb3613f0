import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { AppDeps } from '../../deps.ts';

/**
 * The consent's `state`: which organisation and user asked, until when, and the hash of a random
 * value set as a cookie in the popup that redeemed the connect code. Signed, so the callback trusts
 * nothing else; bound to that popup, so a state seen elsewhere (Intuit's URL, a log) cannot carry
 * someone else's QuickBooks company into this organisation (docs/security.md).
 */

const STATE_TTL_MS = 10 * 60 * 1000;
const BINDING_COOKIE = 'qb_connect';

type ConnectClaims = { org_id: string; user_id: string; binding: string };

const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');
const sign = (deps: Pick<AppDeps, 'secrets'>, payload: string) =>
  createHmac('sha256', deps.secrets.deriveKey('qb-connect-state')).update(payload).digest();

/** A fresh binding: the cookie's value, and the state's claims naming its hash. */
export function newBinding(claims: { org_id: string; user_id: string }): { cookie: string; claims: ConnectClaims } {
  const cookie = randomBytes(32).toString('base64url');
  return { cookie, claims: { ...claims, binding: sha256(cookie) } };
}

export function signConnectState(deps: Pick<AppDeps, 'secrets'>, claims: ConnectClaims, now = new Date()): string {
  const payload = Buffer.from(JSON.stringify({ ...claims, exp: now.getTime() + STATE_TTL_MS })).toString('base64url');
  return `${payload}.${sign(deps, payload).toString('base64url')}`;
}

/** The claims of a state we signed that has not expired, else null. */
export function readConnectState(deps: Pick<AppDeps, 'secrets'>, state: string, now = new Date()): ConnectClaims | null {
  const [payload, signature] = state.split('.');
  if (!payload || !signature) return null;
  const expected = sign(deps, payload);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as ConnectClaims & { exp: number };
  return claims.exp > now.getTime() ? claims : null;
}

/** The popup's binding cookie matches the state (the callback is in the browser that asked). */
export function isBoundHere(claims: ConnectClaims, cookieHeader: string | undefined): boolean {
  const value = cookieHeader
    ?.split(';')
    .map((part) => part.trim().split('='))
    .find(([name]) => name === BINDING_COOKIE)?.[1];
  // A state signed before states were bound (a deploy in the middle of a consent) names no binding.
  if (!value || typeof claims.binding !== 'string') return false;
  const expected = Buffer.from(claims.binding);
  const given = Buffer.from(sha256(value));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The cookie, for the consent's own pages only, ten minutes like the state; Secure behind HTTPS. */
export function bindingCookie(value: string, publicUrl: string, maxAgeSeconds = STATE_TTL_MS / 1000): string {
  const secure = publicUrl.startsWith('https:') ? '; Secure' : '';
  return `${BINDING_COOKIE}=${value}; Path=/api/qb; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure}`;
}
