import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Fixed-window counters kept in Postgres so every API instance shares them. */
export const rateLimitBuckets = pgTable('rate_limit_buckets', {
  key: text().primaryKey(),
  window_started_at: timestamp({ withTimezone: true }).notNull(),
  count: integer().notNull(),
});

/**
 * Sign-in back-off per (account, IP) pair and per known device (modules/auth/throttle.ts): the
 * attempts counted since the last success and when the last one came. Shared by every instance.
 */
export const signInBackoffs = pgTable('sign_in_backoffs', {
  key: text().primaryKey(),
  failures: integer().notNull(),
  last_failed_at: timestamp({ withTimezone: true }).notNull(),
});
