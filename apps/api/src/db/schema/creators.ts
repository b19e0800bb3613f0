import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, jsonb, numeric, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';
import { orgs } from './orgs.ts';
import { users } from './users.ts';

/**
 * A creator of one organisation. The same person in two organisations has two rows here and one
 * login account (user_id) for the creator portal. Bank numbers and tax ids are sealed with
 * deps.secrets; the *_last4 columns keep what the interface may show.
 */
export const creators = pgTable(
  'creators',
  {
    id: id(),
    org_id: uuid()
      .notNull()
      .references(() => orgs.id),
    user_id: uuid().references(() => users.id, { onDelete: 'set null' }),
    email: text().notNull(),
    entity_type: text({ enum: ['individual', 'business'] })
      .notNull()
      .default('individual'),
    first_name: text(),
    last_name: text(),
    business_name: text(),
    /** The payee page's legal entity type (individual, c_corp, ... llc_partnership); null until given. */
    legal_entity_type: text({
      enum: ['individual', 'c_corp', 's_corp', 'partnership', 'trust', 'llc_c_corp', 'llc_s_corp', 'llc_partnership'],
    }),
    /** An individual's date of birth (YYYY-MM-DD), given on the payee page or in the portal. */
    date_of_birth: date({ mode: 'string' }),
    pronouns: text(),
    bio: text(),
    phone_number: text(),
    account_number: text(),
    account_number_last4: text(),
    routing_number: text(),
    routing_number_last4: text(),
    state_tax_id: text(),
    is_active: boolean().notNull().default(true),
    /** The portal invitation: sent, left for later by an import, or not sent by the import's choice (then user_id is null). */
    invitation: text({ enum: ['sent', 'later', 'none'] })
      .notNull()
      .default('sent'),
    is_w2: boolean().notNull().default(false),
    custom_withholding_rate: numeric({ precision: 5, scale: 2, mode: 'number' }),
    agent_id: uuid().references(() => users.id, { onDelete: 'set null' }),
    agent_split: integer().notNull().default(10),
    manager_id: uuid().references(() => users.id, { onDelete: 'set null' }),
    manager_split: integer().notNull().default(10),
    notes: text(),
    platforms: jsonb().$type<string[]>().notNull().default([]),
    selected_payment_method: text({ enum: ['stripe', 'paypal', 'venmo', 'nium'] }),
    paypal_email: text(),
    venmo_phone_number: text(),
    /** The QuickBooks vendor this creator is (spec qb_vendor): payout journal lines name it. */
    qb_vendor: jsonb().$type<{ Id: string; DisplayName: string }>(),
    address_line_1: text(),
    address_line_2: text(),
    address_city: text(),
    address_state: text(),
    address_zip: text(),
    address_shipping_line_1: text(),
    address_shipping_line_2: text(),
    address_shipping_city: text(),
    address_shipping_state: text(),
    address_shipping_zip: text(),
    is_shipping_same_as_home: boolean().notNull().default(true),
    // What the list search matches (email and names), kept by PostgreSQL and trigram-indexed.
    search_text: text().generatedAlwaysAs(
      sql`lower(email || ' ' || coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || coalesce(business_name, ''))`,
    ),
    /** The team member who added them (the timeline's "Created by"); null for rows added before it was kept, or a removed account. */
    created_by: uuid().references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (table) => [
    uniqueIndex('creators_org_id_email_key').on(table.org_id, table.email),
    // The list pages newest first within an organisation.
    index('creators_org_id_created_at_idx').on(table.org_id, table.created_at.desc().nullsFirst(), table.id.desc().nullsFirst()),
    index('creators_user_id_idx').on(table.user_id),
    index('creators_manager_id_idx').on(table.manager_id),
    index('creators_agent_id_idx').on(table.agent_id),
    index('creators_org_id_is_active_idx').on(table.org_id, table.is_active),
    // "Invite all" finds the few creators still waiting for their invitation.
    index('creators_org_id_invitation_later_idx')
      .on(table.org_id)
      .where(sql`invitation = 'later'`),
    index('creators_search_text_idx').using('gin', sql`${table.search_text} gin_trgm_ops`),
  ],
);

/**
 * How many creators each organisation has, kept by a statement trigger on creators (migration
 * 0054): Home shows the total, and counting a million creators' index entries on every visit
 * cost time in proportion to the organisation. Creators are never deleted (they are made
 * inactive), so the trigger counts inserts.
 */
export const orgCreatorCounts = pgTable('org_creator_counts', {
  org_id: uuid()
    .primaryKey()
    .references(() => orgs.id),
  creators: bigint({ mode: 'number' }).notNull().default(0),
});

export type Creator = typeof creators.$inferSelect;
export type NewCreator = typeof creators.$inferInsert;
