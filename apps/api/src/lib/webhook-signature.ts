import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'Crewpay-Signature';

export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

/** HMAC-SHA256 of `${timestamp}.${body}` with the endpoint's secret, in hex. */
export function computeSignature(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

/** The header value: `t=<unix seconds>,v1=<hex signature>` (the recipe in docs/webhooks.md). */
export function signatureHeader(secret: string, timestamp: number, body: string): string {
  return `t=${timestamp},v1=${computeSignature(secret, timestamp, body)}`;
}

/** What a receiver does (docs/webhooks.md): recompute, compare in constant time, check the age. */
export function verifySignature(options: {
  secret: string;
  header: string;
  body: string;
  nowSeconds: number;
  toleranceSeconds?: number;
}): boolean {
  const parts = Object.fromEntries(options.header.split(',').map((part) => part.split('=', 2) as [string, string]));
  const timestamp = Number(parts.t);
  if (!Number.isInteger(timestamp) || !parts.v1) return false;
  if (Math.abs(options.nowSeconds - timestamp) > (options.toleranceSeconds ?? 300)) return false;
  const expected = Buffer.from(computeSignature(options.secret, timestamp, options.body), 'hex');
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
