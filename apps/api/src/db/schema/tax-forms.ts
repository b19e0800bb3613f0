import { boolean, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';
import { orgs } from './orgs.ts';
import { payments } from './payments.ts';
import { users } from './users.ts';

/**
 * A payee's signed W-9, W-8BEN or W-8BEN-E. Keyed by the payee (a creator row, or an agent's or
 * manager's users row) rather than an organisation: the organisation is the payee row's, and a
 * payee's forms follow that row. A new form supersedes the active one; the old rows stay as
 * history. The TIN and the signed PDF are sealed with deps.secrets; `fields` holds the rest of
 * what was signed (no TIN, no date of birth).
 */
export const taxForms = pgTable(
  'tax_forms',
  {
    id: id(),
    payee_type: text({ enum: ['creator', 'user'] }).notNull(),
    payee_id: uuid().notNull(),
    form_type: text({ enum: ['w9', 'w8ben', 'w8bene'] }).notNull(),
    status: text({ enum: ['active', 'superseded'] })
      .notNull()
      .default('active'),
    name: text().notNull(),
    fields: jsonb().$type<Record<string, unknown>>().notNull(),
    tin_sealed: text(),
    tin_last4: text(),
    signer_name: text().notNull(),
    signed_at: timestamp({ withTimezone: true }).notNull(),
    ip_address: text().notNull(),
    user_agent: text().notNull(),
    source: text({ enum: ['payee_link', 'portal'] }).notNull(),
    pdf_sealed: text().notNull(),
    superseded_by: uuid(),
    created_at: createdAt(),
  },
  (table) => [index('tax_forms_payee_idx').on(table.payee_id, table.status)],
);

export type TaxFormRow = typeof taxForms.$inferSelect;

/**
 * An organisation's tax settings kept by the tax-forms module. Backup withholding is off unless an
 * owner turns it on (docs/decisions.md): turning it on by default would change existing payouts silently.
 */
export const orgTaxSettings = pgTable('org_tax_settings', {
  org_id: uuid()
    .primaryKey()
    .references(() => orgs.id),
  backup_withholding: boolean().notNull().default(false),
  updated_at: updatedAt(),
});

/** The backup withholding taken from a payment at execution (its federal_withholdings), and at what rate. */
export const backupWithholdings = pgTable('backup_withholdings', {
  payment_id: uuid()
    .primaryKey()
    .references(() => payments.id),
  org_id: uuid()
    .notNull()
    .references(() => orgs.id),
  rate: numeric({ precision: 5, scale: 2 }).notNull(),
  amount: integer().notNull(),
  created_at: createdAt(),
});

/**
 * A payee's consent to receive their tax forms (1099, W-2) electronically, as the IRS asks it
 * for furnishing recipient copies by email: affirmative, withdrawable, and recorded with when and
 * where. Append-only: each give or withdraw is a new row, the latest row is the payee's state,
 * the older rows are the history kept as evidence. Keyed by the payee like tax_forms.
 */
export const taxDeliveryConsents = pgTable(
  'tax_delivery_consents',
  {
    id: id(),
    payee_type: text({ enum: ['creator', 'user'] }).notNull(),
    payee_id: uuid().notNull(),
    consented: boolean().notNull(),
    recorded_at: timestamp({ withTimezone: true }).notNull(),
    ip_address: text().notNull(),
    user_agent: text().notNull(),
    source: text({ enum: ['payee_link', 'portal'] }).notNull(),
  },
  (table) => [index('tax_delivery_consents_payee_idx').on(table.payee_id, table.recorded_at)],
);

export type TaxDeliveryConsentRow = typeof taxDeliveryConsents.$inferSelect;

/**
 * A W-9 asked of a payee the organisation would backup withhold from (no form on file): when it was
 * first asked, last asked (a reminder) and how many times, so the Taxes page shows each payee's state.
 */
export const w9Requests = pgTable(
  'w9_requests',
  {
    org_id: uuid()
      .notNull()
      .references(() => orgs.id),
    payee_id: uuid().notNull(),
    first_requested_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Who sent the first request (their object timeline says so); null for requests made before it was kept, or a removed account. */
    first_requested_by: uuid().references(() => users.id, { onDelete: 'set null' }),
    last_requested_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    requests: integer().notNull().default(1),
  },
  (table) => [primaryKey({ columns: [table.org_id, table.payee_id] })],
);
