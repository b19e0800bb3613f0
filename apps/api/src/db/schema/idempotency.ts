import { integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { orgs } from './orgs.ts';

/**
 * One row per Idempotency-Key of a money-moving request, inserted in the transaction that does
 * the work: a concurrent duplicate waits on the unique key, then reads the stored answer.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    org_id: uuid()
      .notNull()
      .references(() => orgs.id),
    key: text().notNull(),
    scope: text().notNull(),
    request_hash: text().notNull(),
    status_code: integer(),
    response: jsonb(),
    created_at: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.org_id, table.key] })],
);
