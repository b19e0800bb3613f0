import { bigint, date, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';
import { orgs } from './orgs.ts';

const address = () => ({
  address: text().notNull(),
  address2: text().notNull().default(''),
  city: text().notNull(),
  state: text().notNull(),
  zip_code: text().notNull(),
});

/** Activation step 1: the person authorised to sign for the organisation. The SSN is sealed. */
export const orgRepresentatives = pgTable('org_representatives', {
  id: id(),
  org_id: uuid()
    .notNull()
    .unique()
    .references(() => orgs.id),
  first_name: text().notNull(),
  last_name: text().notNull(),
  job_title: text().notNull(),
  phone: text().notNull(),
  dob: date().notNull(),
  ssn_encrypted: text().notNull(),
  ssn_last4: text().notNull(),
  ...address(),
  terms_accepted_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  // Where the terms were accepted, as the banking provider needs them (null before they were kept).
  terms_ip: text(),
  terms_user_agent: text(),
  created_at: createdAt(),
  updated_at: updatedAt(),
});

/** Activation step 2: the business. The EIN is sealed. */
export const orgBusinesses = pgTable('org_businesses', {
  id: id(),
  org_id: uuid()
    .notNull()
    .unique()
    .references(() => orgs.id),
  ein_encrypted: text().notNull(),
  ein_last4: text().notNull(),
  phone: text().notNull(),
  product_description: text().notNull(),
  ...address(),
  // The financial account's agreement (the partner bank's terms), accepted with the business.
  agreement_accepted_at: timestamp({ withTimezone: true }),
  agreement_ip: text(),
  agreement_user_agent: text(),
  // The owner's attestation that every owner of 25% or more is listed (Stripe's company.owners_provided).
  owners_provided_at: timestamp({ withTimezone: true }),
  created_at: createdAt(),
  updated_at: updatedAt(),
});

/**
 * The business's beneficial owners (25% or more each), as the owner listed them when the banking
 * provider asked; each becomes an owner Person at the provider (its id kept once made).
 */
export const orgBeneficialOwners = pgTable(
  'org_beneficial_owners',
  {
    id: id(),
    org_id: uuid()
      .notNull()
      .references(() => orgs.id),
    first_name: text().notNull(),
    last_name: text().notNull(),
    title: text().notNull().default(''),
    email: text().notNull(),
    dob: date().notNull(),
    percent_ownership: integer().notNull(),
    ...address(),
    provider_person_id: text(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (table) => [index('org_beneficial_owners_org_id_idx').on(table.org_id)],
);
export type OrgBeneficialOwner = typeof orgBeneficialOwners.$inferSelect;

/** A requirement the banking provider still asks for, and why (its error code when it refused what was sent). */
export type AccountRequirement = { requirement: string; past_due: boolean; error_code: string | null };

/**
 * The organisation's account at the banking provider (a Stripe connected account): stored the
 * moment it is created, before anything else is asked of the provider, so a retry days later
 * finds it instead of creating a second one. What the provider still needs arrives with
 * account.updated and is kept here for the owner to see.
 */
export const connectedAccounts = pgTable('connected_accounts', {
  id: id(),
  org_id: uuid()
    .notNull()
    .unique()
    .references(() => orgs.id),
  provider_account_id: text().notNull().unique(),
  requirements: jsonb().$type<AccountRequirement[]>().notNull().default([]),
  pending_verification: jsonb().$type<string[]>().notNull().default([]),
  disabled_reason: text(),
  // The provider's money-management capability: inactive until the requirements are met.
  treasury_status: text({ enum: ['active', 'pending', 'inactive'] })
    .notNull()
    .default('inactive'),
  // The provider's time (seconds) of the account state kept here: an older event changes nothing.
  state_at: bigint({ mode: 'number' }).notNull().default(0),
  created_at: createdAt(),
  updated_at: updatedAt(),
});

/** How far the missed-events sweep has listed a provider's events, per scope (the platform, or one connected account). */
export const providerEventCursors = pgTable('provider_event_cursors', {
  scope: text().primaryKey(),
  listed_until: bigint({ mode: 'number' }).notNull(),
  updated_at: updatedAt(),
});

export type ConnectedAccount = typeof connectedAccounts.$inferSelect;
