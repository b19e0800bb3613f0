import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';
import { users } from './users.ts';

/**
 * A user's passkeys (WebAuthn credentials): a second factor, and a sign-in on their own.
 * credential_id and public_key are base64url as the authenticator gave them; counter is the
 * authenticator's signature counter (a lower one than stored means a cloned key: refused).
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: id(),
    user_id: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    credential_id: text().notNull().unique(),
    public_key: text().notNull(),
    // A 32-bit unsigned counter: more than an integer column holds.
    counter: bigint({ mode: 'number' }).notNull().default(0),
    transports: text().array().notNull().default([]),
    name: text().notNull(),
    created_at: createdAt(),
    last_used_at: timestamp({ withTimezone: true }),
  },
  (table) => [index('passkeys_user_id_idx').on(table.user_id)],
);

/**
 * A WebAuthn challenge handed to the browser: spent (deleted) by its first use and good for a few
 * minutes. user_id is set for a registration (the signed-in person) and null for a sign-in.
 */
export const passkeyChallenges = pgTable('passkey_challenges', {
  challenge: text().primaryKey(),
  kind: text({ enum: ['registration', 'authentication'] }).notNull(),
  user_id: uuid().references(() => users.id, { onDelete: 'cascade' }),
  expires_at: timestamp({ withTimezone: true }).notNull(),
  created_at: createdAt(),
});

export type Passkey = typeof passkeys.$inferSelect;
