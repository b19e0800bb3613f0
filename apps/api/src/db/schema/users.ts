import { boolean, date, index, pgTable, type AnyPgColumn, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';
import { orgs } from './orgs.ts';

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text().notNull(),
    password_hash: text(),
    org_id: uuid()
      .notNull()
      .references(() => orgs.id),
    role: text({ enum: ['owner', 'admin', 'collaborator', 'creator', 'customer'] }).notNull(),
    is_external: boolean().notNull().default(false),
    first_name: text(),
    last_name: text(),
    // The name the person chose to be shown by (Settings > Profile); null: first and last name, else the email.
    display_name: text(),
    phone_number: text(),
    // Agents and managers receive a share of a creator's payment; a member may also be one.
    is_agent: boolean().notNull().default(false),
    is_manager: boolean().notNull().default(false),
    // An agent's or manager's payout details, given on their payee link; numbers sealed with deps.secrets.
    selected_payment_method: text({ enum: ['stripe', 'paypal', 'venmo', 'nium'] }),
    account_number: text(),
    account_number_last4: text(),
    routing_number: text(),
    routing_number_last4: text(),
    paypal_email: text(),
    venmo_phone_number: text(),
    // An agent's or manager's tax details and home address (payee page or creator portal), as a
    // creator's: the legal entity type, a business's name, an individual's date of birth, the tax
    // id sealed with deps.secrets.
    legal_entity_type: text({
      enum: ['individual', 'c_corp', 's_corp', 'partnership', 'trust', 'llc_c_corp', 'llc_s_corp', 'llc_partnership'],
    }),
    business_name: text(),
    date_of_birth: date({ mode: 'string' }),
    state_tax_id: text(),
    address_line_1: text(),
    address_line_2: text(),
    address_city: text(),
    address_state: text(),
    address_zip: text(),
    // When a second factor was confirmed (null: none): read with the session, so the two-factor
    // rules (plugins/two-factor-rules.ts) cost no query for a user who has one.
    two_factor_at: timestamp({ withTimezone: true }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (table) => [uniqueIndex('users_email_key').on(table.email), index('users_org_id_idx').on(table.org_id)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    user_id: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token_hash: text().notNull(),
    /**
     * Login-as: while set, this session (of the real user, user_id) acts as that user; cleared to
     * go back. The real user stays the session's owner, so signing out ends both.
     */
    acting_as_user_id: uuid().references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    /** When acting began and when it ends by itself (ACTING_MINUTES later): set and cleared with acting_as_user_id. */
    acting_started_at: timestamp({ withTimezone: true }),
    acting_expires_at: timestamp({ withTimezone: true }),
    expires_at: timestamp({ withTimezone: true }).notNull(),
    /** When this session last proved a second factor (sign-in code, re-verify): sensitive actions ask for a fresh one. */
    factor_verified_at: timestamp({ withTimezone: true }),
    created_at: createdAt(),
  },
  (table) => [uniqueIndex('sessions_token_hash_key').on(table.token_hash), index('sessions_user_id_idx').on(table.user_id)],
);

export type User = typeof users.$inferSelect;
