import { date, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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
  created_at: createdAt(),
  updated_at: updatedAt(),
});
