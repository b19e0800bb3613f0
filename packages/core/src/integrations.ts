import { z } from 'zod';
import { apiKeyScopes } from './api-keys.ts';

/** API keys: `cp_live_` or `cp_sandbox_` then 32 random bytes in base64url. */
export const apiTokenPrefixes = { live: 'cp_live_', sandbox: 'cp_sandbox_' } as const;

export const apiTokenRecord = z.object({
  id: z.uuid(),
  prefix: z.string(),
  last4: z.string(),
  created_at: z.string(),
  scopes: z.array(z.enum(apiKeyScopes)),
});
export type ApiTokenRecord = z.infer<typeof apiTokenRecord>;

/** Only the creation answer carries the full key; it is never shown again. */
export const createdApiToken = apiTokenRecord.extend({ key: z.string() });
export type CreatedApiToken = z.infer<typeof createdApiToken>;

export const webhookEventTypes = [
  'payment.posted',
  'payment.failed',
  'payment.returned',
  'invoice.paid',
  'invoice.payment_failed',
  'invoice.refunded',
  'invoice.refund_failed',
  'invoice.disputed',
  'invoice.dispute_closed',
  'invoice.sent',
  'contract.signed',
  'bank.verified',
  'bank.funds_arrived',
  'payee.details_provided',
  'billing.plan_charged',
  'billing.delinquent',
  'billing.reinstated',
  'onboarding.action_required',
  'wallet.out_of_step',
  'wallet.owes',
  'wallet.frozen',
  'paypal.disconnected',
  'webhook.test',
] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];

export const createWebhookBody = z.object({
  url: z
    .string({ error: 'This field is required' })
    .trim()
    .min(1, 'This field is required')
    .max(2000, 'Must be at most 2000 characters')
    .refine((value) => !value.includes('\u0000'), 'Enter a valid URL')
    .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), 'Enter an http or https URL'),
  /** Empty or absent: every event type. */
  events: z.array(z.enum(webhookEventTypes)).max(webhookEventTypes.length).default([]),
});
export type CreateWebhookBody = z.input<typeof createWebhookBody>;

export const webhookEndpointRecord = z.object({
  id: z.uuid(),
  url: z.string(),
  events: z.array(z.string()),
  created_at: z.string(),
});
export type WebhookEndpointRecord = z.infer<typeof webhookEndpointRecord>;

export const createdWebhookEndpoint = webhookEndpointRecord.extend({ secret: z.string() });
export type CreatedWebhookEndpoint = z.infer<typeof createdWebhookEndpoint>;

export const webhookDeliveryRecord = z.object({
  id: z.uuid(),
  endpoint_id: z.uuid(),
  event_id: z.uuid(),
  event_type: z.string(),
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number().int(),
  response_code: z.number().int().nullable(),
  last_error: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  created_at: z.string(),
});
export type WebhookDeliveryRecord = z.infer<typeof webhookDeliveryRecord>;

/** Logo uploads: at most 2 MB of PNG, JPEG or WebP. */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
