import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Fixed-window counters kept in Postgres so every API instance shares them. */
export const rateLimitBuckets = pgTable('rate_limit_buckets', {
  key: text().primaryKey(),
  window_started_at: timestamp({ withTimezone: true }).notNull(),
  count: integer().notNull(),
});
