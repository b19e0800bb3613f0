import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

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

/**
 * Second-step throttling per person (modules/auth/factor-lock.ts): the codes (authenticator or
 * recovery) tried in the current 15-minute window, whatever the address or device, and the lock
 * that follows 5 wrong ones. `locks` counts the locks since the last right code: each lasts twice
 * the one before.
 */
export const secondFactorLocks = pgTable('second_factor_locks', {
  user_id: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  attempts: integer().notNull(),
  window_started_at: timestamp({ withTimezone: true }).notNull(),
  locked_until: timestamp({ withTimezone: true }),
  locks: integer().notNull().default(0),
});
