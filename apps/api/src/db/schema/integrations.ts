import { customType, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { DEFAULT_API_KEY_SCOPES, type ApiKeyScope } from '@crewpay/core';
import { createdAt, id, updatedAt } from './columns.ts';
import { orgs } from './orgs.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/** The organisation's logo: bytes checked by content on upload, served with their own type. */
export const orgLogos = pgTable('org_logos', {
  org_id: uuid()
    .primaryKey()
    .references(() => orgs.id, { onDelete: 'cascade' }),
  content_type: text({ enum: ['image/png', 'image/jpeg', 'image/webp'] }).notNull(),
  bytes: bytea().notNull(),
  updated_at: updatedAt(),
});

/** Organisation API keys: only the SHA-256 of the key is kept; prefix and last 4 identify it. */
export const orgApiTokens = pgTable(
  'org_api_tokens',
  {
    id: id(),
    org_id: uuid()
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    token_hash: text().notNull(),
    prefix: text().notNull(),
    last4: text().notNull(),
    /**
     * What the key may do (plugins/api-key-rules.ts). The default is what keys made before scopes
     * existed were given when the column was added (migration api_key_scopes).
     */
    scopes: text()
      .array()
      .$type<ApiKeyScope[]>()
      .notNull()
      .default([...DEFAULT_API_KEY_SCOPES]),
    created_at: createdAt(),
  },
  (table) => [uniqueIndex('org_api_tokens_token_hash_key').on(table.token_hash), index('org_api_tokens_org_id_idx').on(table.org_id)],
);

/** Customer webhook endpoints; the signing secret is sealed with deps.secrets (it must be read to sign). */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: id(),
    org_id: uuid()
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    url: text().notNull(),
    // Empty means every event type.
    events: text().array().notNull().default([]),
    secret_sealed: text().notNull(),
    created_at: createdAt(),
  },
  (table) => [index('webhook_endpoints_org_id_idx').on(table.org_id)],
);

/** One event for one endpoint, retried with backoff until delivered or three days old. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: id(),
    org_id: uuid()
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    endpoint_id: uuid()
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    event_id: uuid().notNull(),
    event_type: text().notNull(),
    payload: jsonb().notNull(),
    status: text({ enum: ['pending', 'delivered', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer().notNull().default(0),
    response_code: integer(),
    last_error: text(),
    next_attempt_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (table) => [
    index('webhook_deliveries_due_idx').on(table.status, table.next_attempt_at),
    index('webhook_deliveries_endpoint_idx').on(table.endpoint_id, table.created_at),
  ],
);

export type WebhookEndpoint = typeof webhookEndpoints.$inferSelect;
export type WebhookDelivery = typeof webhookDeliveries.$inferSelect;
