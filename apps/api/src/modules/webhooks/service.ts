import { and, desc, eq } from 'drizzle-orm';
import type { CreateWebhookBody, CreatedWebhookEndpoint, WebhookDeliveryRecord, WebhookEndpointRecord } from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import { webhookDeliveries, webhookEndpoints, type WebhookDelivery, type WebhookEndpoint } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { recordWebhookDeliveries } from './emit.ts';
import { deliverOne } from './deliver.ts';
import { newWebhookSecret } from '../../lib/webhook-signature.ts';
import { assertDeliverableUrl } from './url-guard.ts';

const MAX_ENDPOINTS = 20;

const toEndpointRecord = (row: WebhookEndpoint): WebhookEndpointRecord => ({
  id: row.id,
  url: row.url,
  events: row.events,
  created_at: row.created_at.toISOString(),
});

const toDeliveryRecord = (row: WebhookDelivery): WebhookDeliveryRecord => ({
  id: row.id,
  endpoint_id: row.endpoint_id,
  event_id: row.event_id,
  event_type: row.event_type,
  status: row.status,
  attempts: row.attempts,
  response_code: row.response_code,
  last_error: row.last_error,
  next_attempt_at: row.status === 'pending' ? row.next_attempt_at.toISOString() : null,
  created_at: row.created_at.toISOString(),
});

export async function listEndpoints(deps: AppDeps, orgId: string): Promise<WebhookEndpointRecord[]> {
  const rows = await deps.db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.org_id, orgId))
    .orderBy(desc(webhookEndpoints.created_at));
  return rows.map(toEndpointRecord);
}

/** The signing secret is in this answer only; it is kept sealed since every delivery needs it. */
export async function createEndpoint(deps: AppDeps, options: { org_id: string; body: CreateWebhookBody }): Promise<CreatedWebhookEndpoint> {
  const url = await assertDeliverableUrl(options.body.url, { allowedHosts: deps.config.webhookAllowedHosts });
  const existing = await deps.db.$count(webhookEndpoints, eq(webhookEndpoints.org_id, options.org_id));
  if (existing >= MAX_ENDPOINTS) throw new AppError('conflict', `An organization can have at most ${MAX_ENDPOINTS} webhook endpoints`);
  const secret = newWebhookSecret();
  const [row] = await deps.db
    .insert(webhookEndpoints)
    .values({
      id: newId(),
      org_id: options.org_id,
      url: url.toString(),
      events: [...new Set(options.body.events ?? [])],
      secret_sealed: deps.secrets.encrypt(secret),
    })
    .returning();
  if (!row) throw new Error('Webhook endpoint insert returned nothing');
  return { ...toEndpointRecord(row), secret };
}

export async function deleteEndpoint(deps: AppDeps, options: { org_id: string; id: string }): Promise<void> {
  const deleted = await deps.db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, options.id), eq(webhookEndpoints.org_id, options.org_id)))
    .returning({ id: webhookEndpoints.id });
  if (deleted.length === 0) throw new AppError('not_found', 'Webhook endpoint not found');
}

/**
 * A webhook.test event to one endpoint, sent during the request so the answer (and the log the
 * person sees next) has its outcome; a failure is retried by the delivery job like any other.
 */
export async function sendTestEvent(deps: AppDeps, options: { org_id: string; id: string }): Promise<WebhookDeliveryRecord> {
  const endpoint = (
    await deps.db
      .select()
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.id, options.id), eq(webhookEndpoints.org_id, options.org_id)))
      .limit(1)
  )[0];
  if (!endpoint) throw new AppError('not_found', 'Webhook endpoint not found');
  const [deliveryId] = await recordWebhookDeliveries(
    deps.db,
    { org_id: options.org_id, type: 'webhook.test', data: { message: 'This is a test event from Crewpay' } },
    { endpoint_id: endpoint.id },
  );
  if (!deliveryId) throw new Error('Test delivery was not recorded');
  await deliverOne(deps, deliveryId);
  return toDeliveryRecord(await attemptedDelivery(deps, deliveryId));
}

/** The every-minute delivery job may claim the test delivery first (SKIP LOCKED): answer its attempt, waiting up to 10 s. */
async function attemptedDelivery(deps: AppDeps, deliveryId: string) {
  for (let waitedMs = 0; ; waitedMs += 100) {
    const delivery = (await deps.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, deliveryId)).limit(1))[0];
    if (!delivery) throw new Error('Test delivery vanished');
    if (delivery.attempts > 0 || delivery.status !== 'pending' || waitedMs >= 10_000) return delivery;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function listDeliveries(deps: AppDeps, options: { org_id: string; endpoint_id?: string }): Promise<WebhookDeliveryRecord[]> {
  const rows = await deps.db
    .select()
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.org_id, options.org_id),
        options.endpoint_id ? eq(webhookDeliveries.endpoint_id, options.endpoint_id) : undefined,
      ),
    )
    .orderBy(desc(webhookDeliveries.created_at))
    .limit(100);
  return rows.map(toDeliveryRecord);
}
