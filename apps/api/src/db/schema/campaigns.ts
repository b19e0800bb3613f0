import { sql } from 'drizzle-orm';
import { bigint, date, foreignKey, index, integer, jsonb, pgTable, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { campaignFileTypes, campaignStatuses, deliverableApprovalStatuses } from '@crewpay/core';
import { createdAt, id, updatedAt } from './columns.ts';
import { creators } from './creators.ts';
import { orgs } from './orgs.ts';
import { users } from './users.ts';

/**
 * A customer (brand) of one organisation (spec entity Customer). Emails are stored lower-cased,
 * so the unique index makes "same email within an organisation" a conflict whatever its case.
 */
export const customers = pgTable(
  'customers',
  {
    id: id(),
    org_id: uuid()
      .notNull()
      .references(() => orgs.id),
    name: text().notNull(),
    email: text(),
    attn: text(),
    cc_emails: jsonb().$type<string[]>().notNull().default([]),
    phone_number: text(),
    address_line_1: text(),
    address_line_2: text(),
    address_city: text(),
    address_state: text(),
    address_zip: text(),
    qb_customer: jsonb().$type<{ Id: string; DisplayName: string }>(),
    /** The customer's portal login (role customer, external), set when the organisation invites them. */
    user_id: uuid().references(() => users.id, { onDelete: 'set null' }),
    // What the list search matches (name and email), trigram-indexed for %term% matches.
    search_text: text().generatedAlwaysAs(sql`lower(name || ' ' || coalesce(email, ''))`),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (table) => [
    uniqueIndex('customers_org_id_email_key').on(table.org_id, table.email),
    // Lets campaigns reference (customer, organisation) so a campaign cannot point at another organisation's customer.
    unique('customers_id_org_id_key').on(table.id, table.org_id),
    index('customers_org_id_created_at_idx').on(table.org_id, table.created_at.desc().nullsFirst(), table.id.desc().nullsFirst()),
    index('customers_user_id_idx').on(table.user_id),
    index('customers_search_text_idx').using('gin', sql`${table.search_text} gin_trgm_ops`),
  ],
);

/** A campaign (spec entity Campaign, "payment group"): payments, deliverables and files hang off it. */
export const campaigns = pgTable(
  'campaigns',
  {
    id: id(),
    org_id: uuid()
      .notNull()
      .references(() => orgs.id),
    title: text().notNull(),
    description: text(),
    customer_id: uuid().notNull(),
    agent_id: uuid().references(() => users.id, { onDelete: 'set null' }),
    deal_size: bigint({ mode: 'number' }),
    campaign_ref_id: text(),
    terms: text(),
    campaign_start_date: date({ mode: 'string' }),
    campaign_end_date: date({ mode: 'string' }),
    campaign_status: text({ enum: campaignStatuses }).notNull().default('preflight'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (table) => [
    foreignKey({
      name: 'campaigns_customer_fk',
      columns: [table.customer_id, table.org_id],
      foreignColumns: [customers.id, customers.org_id],
    }),
    unique('campaigns_id_org_id_key').on(table.id, table.org_id),
    // Both tabs page newest first within an organisation (the status filter reads along the index).
    index('campaigns_org_id_created_at_idx').on(table.org_id, table.created_at.desc().nullsFirst(), table.id.desc().nullsFirst()),
    index('campaigns_customer_id_idx').on(table.customer_id),
  ],
);

/** What a creator must post for a campaign (spec entity Deliverable). */
export const deliverables = pgTable(
  'deliverables',
  {
    id: id(),
    org_id: uuid()
      .notNull()
      .references(() => orgs.id),
    campaign_id: uuid().notNull(),
    creator_id: uuid().notNull(),
    description: text().notNull(),
    quantity: integer().notNull(),
    post_date: date({ mode: 'string' }),
    // Issue 31: an owner or admin approves it (or asks for changes); payments can wait for the approval.
    approval_status: text({ enum: deliverableApprovalStatuses }).notNull().default('submitted'),
    approval_decided_by: uuid().references(() => users.id, { onDelete: 'set null' }),
    approval_decided_at: timestamp({ withTimezone: true }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (table) => [
    foreignKey({
      name: 'deliverables_campaign_fk',
      columns: [table.campaign_id, table.org_id],
      foreignColumns: [campaigns.id, campaigns.org_id],
    }),
    foreignKey({ name: 'deliverables_creator_fk', columns: [table.creator_id], foreignColumns: [creators.id] }).onDelete('cascade'),
    index('deliverables_campaign_id_idx').on(table.campaign_id, table.created_at),
    index('deliverables_creator_id_idx').on(table.creator_id),
  ],
);

/** A file uploaded to a campaign (spec entity Campaign file); the bytes live in the file storage under storage_key. */
export const campaignFiles = pgTable(
  'campaign_files',
  {
    id: id(),
    org_id: uuid()
      .notNull()
      .references(() => orgs.id),
    payment_group_id: uuid().notNull(),
    file_name: text().notNull(),
    content_type: text({ enum: campaignFileTypes }).notNull(),
    size: bigint({ mode: 'number' }).notNull(),
    sha256: text().notNull(),
    storage_key: text().notNull().unique(),
    uploaded_by: uuid().references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
  },
  (table) => [
    foreignKey({
      name: 'campaign_files_campaign_fk',
      columns: [table.payment_group_id, table.org_id],
      foreignColumns: [campaigns.id, campaigns.org_id],
    }),
    index('campaign_files_group_idx').on(table.payment_group_id, table.created_at),
  ],
);

export type Customer = typeof customers.$inferSelect;
export type Campaign = typeof campaigns.$inferSelect;
export type Deliverable = typeof deliverables.$inferSelect;
export type CampaignFile = typeof campaignFiles.$inferSelect;
