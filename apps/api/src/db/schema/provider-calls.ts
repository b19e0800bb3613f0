import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';
import { orgs } from './orgs.ts';

/**
 * The outbox of calls to outside services (docs/providers.md): the business transaction records
 * the intent here, a job makes the call after the commit with the idempotency key, and the
 * answer is recorded in a short transaction. Secrets in `request` are sealed by the caller.
 */
export const providerCalls = pgTable(
  'provider_calls',
  {
    id: id(),
    org_id: uuid()
      .notNull()
      .references(() => orgs.id),
    provider: text().notNull(),
    operation: text().notNull(),
    idempotency_key: text().notNull().unique(),
    // Our record the call is about (a payment batch, a treasury transaction), for reading.
    subject_id: text(),
    request: jsonb().$type<Record<string, unknown>>().notNull(),
    status: text({ enum: ['pending', 'succeeded', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer().notNull().default(0),
    next_attempt_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    // A worker making the call holds it until then; past it (the worker died), the call is due again.
    claimed_until: timestamp({ withTimezone: true }),
    // Worth making only before then (a Nium transfer at a quote locked until then): such calls are
    // made first, the soonest first, ahead of calls that can wait (docs/decisions.md).
    deadline: timestamp({ withTimezone: true }),
    // An error code only: never a message that could carry personal data.
    last_error: text(),
    response: jsonb().$type<unknown>(),
    created_at: createdAt(),
    completed_at: timestamp({ withTimezone: true }),
  },
  (table) => [
    // The claim's order: calls with a deadline first (soonest first), then by when they are due.
    index('provider_calls_due_idx')
      .on(table.deadline.asc().nullsLast(), table.next_attempt_at)
      .where(sql`status = 'pending'`),
    index('provider_calls_org_idx').on(table.org_id, table.created_at),
  ],
);

/**
 * The sandbox providers' own side, as a real service keeps its own: the outcomes they have
 * scheduled on the sandbox clock (delivered, signed, through the webhook receiver when due) ...
 */
export const sandboxEvents = pgTable(
  'sandbox_events',
  {
    id: text().primaryKey(),
    provider: text().notNull(),
    org_id: uuid()
      .notNull()
      .references(() => orgs.id),
    type: text().notNull(),
    object_id: text().notNull(),
    data: jsonb().$type<Record<string, string>>().notNull().default({}),
    due_at: timestamp({ withTimezone: true }).notNull(),
    delivered_at: timestamp({ withTimezone: true }),
    created_at: createdAt(),
  },
  (table) => [
    index('sandbox_events_due_idx')
      .on(table.due_at)
      .where(sql`delivered_at IS NULL`),
  ],
);

/** ... and the answers they gave per idempotency key, so a repeated call gets the same answer (sealed). */
export const sandboxRequests = pgTable('sandbox_requests', {
  idempotency_key: text().primaryKey(),
  provider: text().notNull(),
  operation: text().notNull(),
  response_sealed: text().notNull(),
  created_at: createdAt(),
});

export type ProviderCall = typeof providerCalls.$inferSelect;
export type SandboxEvent = typeof sandboxEvents.$inferSelect;
