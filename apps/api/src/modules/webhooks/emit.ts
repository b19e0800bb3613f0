import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { webhookEventTypes, type WebhookEventType } from '@crewpay/core';
import type { DbOrTx } from '../../db/client.ts';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema/index.ts';
import { newId } from '../../lib/ids.ts';
import type { DomainEventSubscriber } from '../../events/dispatcher.ts';

type WebhookEvent = { org_id: string; type: WebhookEventType; data: Record<string, unknown> };

/** The JSON body every endpoint receives for one event. */
const eventBody = (options: { event_id: string; type: string; created: string; data: unknown }) => ({
  id: options.event_id,
  type: options.type,
  created_at: options.created,
  data: options.data,
});

const isWebhookEventType = (type: string): type is WebhookEventType => (webhookEventTypes as readonly string[]).includes(type);

/**
 * Outgoing webhooks are one subscriber of the domain events: each event of a type endpoints may
 * subscribe to becomes a delivery to every endpoint that wants it, in the transaction that caused
 * the event. The other subscribers (the bell's notifications, payments' releases) never see a
 * delivery, and a test event sent to one endpoint (sendTestEvent) is not a domain event at all.
 */
export const webhookDeliveriesSubscriber: DomainEventSubscriber = {
  name: 'webhooks',
  async handle(unit, event) {
    if (event.type === 'webhook.test' || !isWebhookEventType(event.type)) return;
    await recordWebhookDeliveries(unit.tx, { ...event, type: event.type });
  },
};

/**
 * Records one delivery per subscribed endpoint (only `endpoint_id` when given) in the caller's
 * transaction: the event exists only if what caused it committed. The delivery job sends them
 * (and retries) afterwards.
 */
export async function recordWebhookDeliveries(tx: DbOrTx, event: WebhookEvent, options: { endpoint_id?: string } = {}): Promise<string[]> {
  const endpoints = await tx.select().from(webhookEndpoints).where(eq(webhookEndpoints.org_id, event.org_id));
  const targets = endpoints.filter((endpoint) =>
    options.endpoint_id ? endpoint.id === options.endpoint_id : endpoint.events.length === 0 || endpoint.events.includes(event.type),
  );
  if (targets.length === 0) return [];
  const eventId = randomUUID();
  // Due now by this process's clock, which the delivery runs compare against (deliver.ts): the
  // column's default, the database's now(), carries microseconds, and a test event delivered in
  // the same millisecond it was recorded was not yet due, so it waited for the next run.
  const now = new Date();
  const payload = eventBody({ event_id: eventId, type: event.type, created: now.toISOString(), data: event.data });
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
        next_attempt_at: now,
      })),
    )
    .returning({ id: webhookDeliveries.id });
  return rows.map((row) => row.id);
}
