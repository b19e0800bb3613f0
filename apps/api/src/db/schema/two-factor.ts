import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';
import { users } from './users.ts';

/**
 * A user's authenticator app (TOTP, RFC 6238): one per user. The secret is sealed with
 * deps.secrets and never answered after set-up; confirmed_at is null until the first code
 * proves the app has it. last_time_step refuses a code seen before (replay).
 */
export const totpFactors = pgTable('totp_factors', {
  user_id: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret_sealed: text().notNull(),
  confirmed_at: timestamp({ withTimezone: true }),
  last_time_step: integer(),
  created_at: createdAt(),
});

/** Recovery codes, hashed with the password hasher; each signs in once (used_at). */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: id(),
    user_id: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    code_hash: text().notNull(),
    used_at: timestamp({ withTimezone: true }),
    created_at: createdAt(),
  },
  (table) => [index('recovery_codes_user_id_idx').on(table.user_id)],
);

/**
 * The code emailed to a person adding their first sign-in factor (issue 40, finding 1): with no
 * factor to prove, a stolen session must also read the person's email before it can set one up.
 * One per user (a new set-up replaces it); its SHA-256 only; spent when the set-up is confirmed.
 */
export const firstFactorCodes = pgTable('first_factor_codes', {
  user_id: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  code_hash: text().notNull(),
  expires_at: timestamp({ withTimezone: true }).notNull(),
  created_at: createdAt(),
});
