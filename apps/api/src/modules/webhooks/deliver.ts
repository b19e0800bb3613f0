import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps.ts';
import { webhookDeliveries, webhookEndpoints, type WebhookDelivery } from '../../db/schema/index.ts';
import { assertDeliverableUrl, isAllowedPrivateHost } from './url-guard.ts';
import { SIGNATURE_HEADER, signatureHeader } from '../../lib/webhook-signature.ts';
import { postJson } from './http-post.ts';

type WebhookDeps = Pick<AppDeps, 'db' | 'config' | 'secrets'>;

/** Retries stop once a delivery is this old: the receiver had three days to come back. */
export const MAX_DELIVERY_AGE_MS = 3 * 24 * 60 * 60 * 1000;
const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_MS = 6 * 60 * 60 * 1000;
const ATTEMPT_TIMEOUT_MS = 10_000;
// A claimed delivery is not picked again while its attempt runs (or if its worker dies).
const CLAIM_MS = 2 * 60 * 1000;

/** 30 s, 1 min, 2 min, 4 min ... up to 6 hours between attempts. */
export const retryDelayMs = (attempts: number) => Math.min(FIRST_RETRY_MS * 2 ** Math.max(attempts - 1, 0), MAX_RETRY_MS);

type Outcome = { ok: boolean; response_code: number | null; error: string | null };

async function post(deps: WebhookDeps, delivery: WebhookDelivery): Promise<Outcome> {
  const endpoint = (
    await deps.db
      .select()
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.id, delivery.endpoint_id), eq(webhookEndpoints.org_id, delivery.org_id)))
      .limit(1)
  )[0];
  if (!endpoint) return { ok: false, response_code: null, error: 'Endpoint deleted' };
  const body = JSON.stringify(delivery.payload);
  const timestamp = Math.floor(Date.now() / 1000);
  try {
    // Checked again at delivery time (the host's DNS may now point somewhere private), and the
    // connection's own lookup is checked too (http-post.ts).
    const url = await assertDeliverableUrl(endpoint.url, { allowedHosts: deps.config.webhookAllowedHosts });
    const status = await postJson(url, {
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Crewpay-Webhooks/1.0',
        [SIGNATURE_HEADER]: signatureHeader(deps.secrets.decrypt(endpoint.secret_sealed), timestamp, body),
        'crewpay-event-id': delivery.event_id,
      },
      body,
      timeoutMs: ATTEMPT_TIMEOUT_MS,
      allowPrivate: isAllowedPrivateHost(url, deps.config.webhookAllowedHosts),
    });
    const ok = status >= 200 && status < 300;
    return { ok, response_code: status, error: ok ? null : `HTTP ${status}` };
  } catch (error) {
    return { ok: false, response_code: null, error: error instanceof Error ? error.message.slice(0, 200) : 'Delivery failed' };
  }
}

async function attempt(deps: WebhookDeps, delivery: WebhookDelivery, now: Date): Promise<void> {
  const outcome = await post(deps, delivery);
  const attempts = delivery.attempts + 1;
  const next = new Date(now.getTime() + retryDelayMs(attempts));
  const expired = next.getTime() - delivery.created_at.getTime() > MAX_DELIVERY_AGE_MS || outcome.error === 'Endpoint deleted';
  const status = outcome.ok ? 'delivered' : expired ? 'failed' : 'pending';
  await deps.db
    .update(webhookDeliveries)
    .set({
      status,
      attempts,
      response_code: outcome.response_code,
      last_error: outcome.error,
      next_attempt_at: status === 'pending' ? next : now,
    })
    .where(eq(webhookDeliveries.id, delivery.id));
}

/** Claims due deliveries (SKIP LOCKED: concurrent workers never send one twice) and sends them. */
async function claim(deps: WebhookDeps, now: Date, filter: { id?: string; org_id?: string; limit: number }): Promise<WebhookDelivery[]> {
  const due = deps.db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.status, 'pending'),
        lte(webhookDeliveries.next_attempt_at, now),
        filter.id ? eq(webhookDeliveries.id, filter.id) : sql`true`,
        filter.org_id ? eq(webhookDeliveries.org_id, filter.org_id) : sql`true`,
      ),
    )
    .orderBy(webhookDeliveries.next_attempt_at)
    .limit(filter.limit)
    .for('update', { skipLocked: true });
  return deps.db
    .update(webhookDeliveries)
    .set({ next_attempt_at: new Date(now.getTime() + CLAIM_MS) })
    .where(inArray(webhookDeliveries.id, due))
    .returning();
}

/** Sends up to 50 due deliveries, oldest first; `org_id` keeps the sweep to one organisation's. */
export async function deliverDue(deps: WebhookDeps, now = new Date(), scope: { org_id?: string } = {}): Promise<number> {
  const claimed = await claim(deps, now, { limit: 50, org_id: scope.org_id });
  for (const delivery of claimed) await attempt(deps, delivery, now);
  return claimed.length;
}

export async function deliverOne(deps: WebhookDeps, deliveryId: string, now = new Date()): Promise<void> {
  const [delivery] = await claim(deps, now, { id: deliveryId, limit: 1 });
  if (delivery) await attempt(deps, delivery, now);
}
