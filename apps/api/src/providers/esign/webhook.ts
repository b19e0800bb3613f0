import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { EsignEvent } from './types.ts';

/** The same scheme as every Crewpay webhook: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`, 300 s tolerance. */
const ESIGN_SIGNATURE_HEADER = 'crewpay-signature';
const TOLERANCE_SECONDS = 300;

const hmac = (secret: string, timestamp: number, body: string) => createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');

export function signEsignWebhook(secret: string, body: string, timestamp = Math.floor(Date.now() / 1000)): Record<string, string> {
  return { [ESIGN_SIGNATURE_HEADER]: `t=${timestamp},v1=${hmac(secret, timestamp, body)}` };
}

const wireBody = z.object({
  events: z
    .array(
      z.object({
        id: z.string().min(1).max(255),
        type: z.string().min(1).max(255),
        org_id: z.uuid(),
        object_id: z.string().min(1).max(255),
        data: z.record(z.string(), z.string()),
      }),
    )
    .max(100),
});

class EsignSignatureError extends Error {
  constructor() {
    super('Invalid signature');
    this.name = 'EsignSignatureError';
  }
}

export function verifyEsignWebhook(secret: string, rawBody: string, headers: Record<string, string | string[] | undefined>): EsignEvent[] {
  const raw = headers[ESIGN_SIGNATURE_HEADER];
  const header = Array.isArray(raw) ? raw[0] : raw;
  const parts = Object.fromEntries((header ?? '').split(',').map((part) => part.split('=', 2) as [string, string]));
  const timestamp = Number(parts.t);
  if (!Number.isInteger(timestamp) || !parts.v1 || Math.abs(Date.now() / 1000 - timestamp) > TOLERANCE_SECONDS)
    throw new EsignSignatureError();
  const expected = Buffer.from(hmac(secret, timestamp, rawBody), 'hex');
  const given = Buffer.from(parts.v1, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new EsignSignatureError();
  return wireBody.parse(JSON.parse(rawBody)).events;
}
