import { createHmac, timingSafeEqual } from 'node:crypto';
import type { SecretBox } from '../../lib/secrets.ts';

/**
 * A known device: a browser (or client) that signed in to an account before. After a successful
 * sign-in the answer sets an HttpOnly cookie naming a device id and the user, signed with a key
 * derived from the secrets key. It grants nothing by itself: it only lets a sign-in attempt for
 * that account skip the throttle meant for strangers (throttle.ts), so a flood of wrong passwords
 * from elsewhere never locks the real person out.
 */
export const DEVICE_COOKIE = 'crewpay_device';
const VERSION = 'd1';
const MAX_AGE_SECONDS = 365 * 24 * 3600;
// Sent only to the sign-in call: no other request carries it.
const COOKIE_PATH = '/v1/users/signin';

export type KnownDevice = { device_id: string; user_id: string };

const signingKey = (secrets: SecretBox) => secrets.deriveKey('known-device-cookie');
const mac = (key: string, body: string) => createHmac('sha256', key).update(body).digest('base64url');

export function signDeviceToken(secrets: SecretBox, device: KnownDevice, now = Date.now()): string {
  const body = [VERSION, device.device_id, device.user_id, Math.floor(now / 1000)].join('.');
  return `${body}.${mac(signingKey(secrets), body)}`;
}

/** The device a token names, when its signature holds and it is less than a year old; otherwise null. */
export function readDeviceToken(secrets: SecretBox, token: string | undefined, now = Date.now()): KnownDevice | null {
  const parts = token?.split('.') ?? [];
  if (parts.length !== 5 || parts[0] !== VERSION) return null;
  const [, device_id = '', user_id = '', issued = '', signature = ''] = parts;
  const expected = Buffer.from(mac(signingKey(secrets), parts.slice(0, 4).join('.')));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const ageSeconds = now / 1000 - Number(issued);
  if (!Number.isFinite(ageSeconds) || ageSeconds < 0 || ageSeconds > MAX_AGE_SECONDS) return null;
  return { device_id, user_id };
}

/** The Set-Cookie value; Secure whenever the app is served over HTTPS. */
export function deviceCookie(token: string, options: { isSecure: boolean }): string {
  const secure = options.isSecure ? '; Secure' : '';
  return `${DEVICE_COOKIE}=${token}; Path=${COOKIE_PATH}; Max-Age=${MAX_AGE_SECONDS}; HttpOnly; SameSite=Strict${secure}`;
}

/** The device cookie's value in a Cookie header, if any. */
export function deviceTokenOf(cookieHeader: string | undefined): string | undefined {
  for (const part of cookieHeader?.split(';') ?? []) {
    const [name, value] = part.trim().split('=');
    if (name === DEVICE_COOKIE && value && value.length < 300) return value;
  }
  return undefined;
}
