import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';
import { orgs } from './orgs.ts';
import { users } from './users.ts';

/**
 * Public links sent by email (set a password, give payout details, pay an invoice, finish signing
 * up, confirm a new email address).
 * The link id in the URL is a random token; only its hash is stored.
 */
export const expiringLinks = pgTable(
  'expiring_links',
  {
    id: id(),
    token_hash: text().notNull(),
    type: text({
      enum: ['password_reset', 'invitation', 'payee', 'invoice_payment', 'contract_signing', 'sign_up', 'email_change'],
    }).notNull(),
    org_id: uuid().references(() => orgs.id),
    user_id: uuid().references(() => users.id, { onDelete: 'cascade' }),
    payload: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    expires_at: timestamp({ withTimezone: true }).notNull(),
    used_at: timestamp({ withTimezone: true }),
    created_at: createdAt(),
  },
  (table) => [uniqueIndex('expiring_links_token_hash_key').on(table.token_hash), index('expiring_links_user_id_idx').on(table.user_id)],
);

export type ExpiringLink = typeof expiringLinks.$inferSelect;
