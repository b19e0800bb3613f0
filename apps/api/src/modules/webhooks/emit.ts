import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { WebhookEventType } from '@crewpay/core';
import type { DbOrTx } from '../../db/client.ts';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema/index.ts';
import { newId } from '../../lib/ids.ts';
import { announceDomainEvent } from '../../events/dispatcher.ts';

export type WebhookEvent = { org_id: string; type: WebhookEventType; data: Record<string, unknown> };

/** The JSON body every endpoint receives for one event. */
export const eventBody = (options: { event_id: string; type: string; created: string; data: unknown }) => ({
  id: options.event_id,
  type: options.type,
  created_at: options.created,
  data: options.data,
});

/**
 * Records one delivery per subscribed endpoint in the caller's transaction: the event exists
 * only if what caused it committed. The delivery job sends them (and retries) afterwards.
 * The event is also announced to the modules that listen (the bell's notifications and their
 * emails), except a test event sent to one endpoint, which nothing but that endpoint should see.
 */
export async function emitWebhookEvent(
  tx: DbOrTx,
  event: WebhookEvent,
  options: { endpoint_id?: string; afterCommit?: (task: () => Promise<void>) => void } = {},
): Promise<string[]> {
  if (!options.endpoint_id && event.type !== 'webhook.test') await announceDomainEvent(tx, event, options.afterCommit);
  const endpoints = await tx.select().from(webhookEndpoints).where(eq(webhookEndpoints.org_id, event.org_id));
  const targets = endpoints.filter((endpoint) =>
    options.endpoint_id ? endpoint.id === options.endpoint_id : endpoint.events.length === 0 || endpoint.events.includes(event.type),
  );
  if (targets.length === 0) return [];
  const eventId = randomUUID();
  const payload = eventBody({ event_id: eventId, type: event.type, created: new Date().toISOString(), data: event.data });
  const rows = await tx
    .insert(webhookDeliveries)
    .values(
      targets.map((endpoint) => ({
        id: newId(),
        org_id: event.org_id,
        endpoint_id: endpoint.id,
        event_id: eventId,
        event_type: event.type,
        payload,
      })),
    )
    .returning({ id: webhookDeliveries.id });
  return rows.map((row) => row.id);
}
