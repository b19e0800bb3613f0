import { z } from 'zod';
import { newId } from '../lib/ids.ts';
import type { Tx } from '../db/client.ts';
import { sandboxEvents, type SandboxEvent } from '../db/schema/index.ts';
import type { SecretBox } from '../lib/secrets.ts';
import { SIGNATURE_HEADER, signatureHeader, verifySignature } from '../lib/webhook-signature.ts';
import { WebhookSignatureError, type WebhookVerifier } from './contract.ts';

/** The provider name of every sandbox provider: one webhook route, one signing secret. */
export const SANDBOX_PROVIDER = 'sandbox';
/** Seconds a signature stays valid, like Stripe's default tolerance. */
const SIGNATURE_TOLERANCE_SECONDS = 300;

/**
 * Time-ordered (a UUIDv7's hex, monotonic within the process): events scheduled together for the
 * same moment are delivered in the order they were scheduled (a charge before its payout).
 */
export const sandboxEventId = () => `evt_${newId().replaceAll('-', '')}`;

/** The sandbox's webhook signing secret, derived from the secrets key (stable across restarts, never stored). */
const sandboxWebhookSecret = (secrets: SecretBox) => `whsec_${secrets.deriveKey('sandbox-webhooks')}`;

export type SandboxEventInput = {
  provider?: string;
  org_id: string;
  type: string;
  object_id: string;
  data?: Record<string, string>;
  due_at: Date;
};

/** The sandbox side only: schedules an outcome, delivered as a signed webhook when the sandbox clock reaches due_at. */
export async function scheduleSandboxEvent(tx: Tx, event: SandboxEventInput): Promise<string> {
  const [id] = await scheduleSandboxEvents(tx, [event]);
  return id!;
}

export async function scheduleSandboxEvents(tx: Tx, events: SandboxEventInput[]): Promise<string[]> {
  const rows = events.map((event) => ({
    id: sandboxEventId(),
    ...event,
    provider: event.provider ?? SANDBOX_PROVIDER,
    data: event.data ?? {},
  }));
  for (let start = 0; start < rows.length; start += 2000) await tx.insert(sandboxEvents).values(rows.slice(start, start + 2000));
  return rows.map((row) => row.id);
}

const wireEvent = z.object({
  id: z.string().min(1).max(255),
  type: z.string().min(1).max(255),
  org_id: z.uuid(),
  object_id: z.string().min(1).max(255),
  data: z.record(z.string(), z.string()),
});
const wireBody = z.object({ events: z.array(wireEvent).max(1000) });

function headerValue(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The sandbox's webhooks: `Crewpay-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`,
 * at most 300 seconds old, over a body `{"events": [...]}`.
 */
export const sandboxWebhookVerifier: WebhookVerifier = {
  provider: SANDBOX_PROVIDER,
  sandboxOnly: true,
  verify(rawBody, headers, deps) {
    const header = headerValue(headers, SIGNATURE_HEADER);
    const isValid =
      header !== undefined &&
      verifySignature({
        secret: sandboxWebhookSecret(deps.secrets),
        header,
        body: rawBody,
        nowSeconds: Math.floor(Date.now() / 1000),
        toleranceSeconds: SIGNATURE_TOLERANCE_SECONDS,
      });
    if (!isValid) throw new WebhookSignatureError();
    return wireBody.parse(JSON.parse(rawBody)).events;
  },
};

/** Signs a sandbox webhook body as the sandbox provider does (tests sign their own with it too). */
export function signSandboxWebhook(secrets: SecretBox, body: string, timestamp = Math.floor(Date.now() / 1000)): Record<string, string> {
  return { [SIGNATURE_HEADER.toLowerCase()]: signatureHeader(sandboxWebhookSecret(secrets), timestamp, body) };
}

export const sandboxWebhookBody = (events: SandboxEvent[]) =>
  JSON.stringify({
    events: events.map((event) => ({ id: event.id, type: event.type, org_id: event.org_id, object_id: event.object_id, data: event.data })),
  });
