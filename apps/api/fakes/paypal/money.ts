import { randomBytes } from 'node:crypto';
import type { FakeAnswer } from '../http-fake.ts';

const ID_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
/** A PayPal-style id (payer ids are 13 of these: PayPal's Base32 without 0, 1, I and O). */
export const paypalId = (length = 13) => [...randomBytes(length)].map((byte) => ID_ALPHABET[byte % 32]).join('');

/** "12.34" as cents; null when it is not a two-decimal dollar amount. */
export function centsOf(value: unknown): number | null {
  if (typeof value !== 'string' || !/^\d+(\.\d{1,2})?$/.test(value)) return null;
  const [whole, fraction = ''] = value.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

export const valueOf = (cents: number) =>
  `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;

/** PayPal's error body (name, message, debug_id, information_link, details). */
export function paypalError(
  status: number,
  name: string,
  message: string,
  options: {
    details?: { field?: string; value?: string; issue: string; description?: string }[];
    links?: { href: string; rel: string; method: string }[];
    headers?: Record<string, string>;
  } = {},
): FakeAnswer {
  return {
    status,
    headers: options.headers,
    body: {
      name,
      message,
      debug_id: paypalId(13).toLowerCase(),
      information_link: 'https://developer.paypal.com/docs/api/payments.payouts-batch/v1/#errors',
      ...(options.details ? { details: options.details } : {}),
      ...(options.links ? { links: options.links } : {}),
    },
  };
}
