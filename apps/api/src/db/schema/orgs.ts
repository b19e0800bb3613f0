import { boolean, date, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';

export const orgs = pgTable('orgs', {
  id: id(),
  name: text().notNull(),
  website: text(),
  treasury_id: text(),
  connect_id: text(),
  has_representative: boolean().notNull().default(false),
  billing_status: text({ enum: ['active', 'delinquent'] })
    .notNull()
    .default('active'),
  billing_plan: text({ enum: ['free', 'standard'] })
    .notNull()
    .default('free'),
  // When the organisation moved to the standard plan (sandbox clock), and the next day it is charged.
  billing_started_at: timestamp({ withTimezone: true }),
  billing_date: date({ mode: 'string' }),
  // A downgrade or cancel the owner scheduled: the billing job applies it on billing_date, uncharged.
  billing_scheduled_change: text({ enum: ['downgrade', 'cancel'] }),
  paypal_enabled: boolean().notNull().default(false),
  // Issue 44: a payee must sign a tax form (W-9 or W-8) before giving payout details. Off: the form is offered, never required.
  require_tax_form_for_payouts: boolean().notNull().default(false),
  agent_split_source: text({ enum: ['creator', 'org'] })
    .notNull()
    .default('creator'),
  manager_split_source: text({ enum: ['creator', 'org'] })
    .notNull()
    .default('creator'),
  // Put before each new invoice's sequence number (INV-0001).
  invoice_prefix: text().notNull().default('INV-'),
  // Set when a logo is stored (org_logos); its time versions the logo's URL.
  logo_updated_at: timestamp({ withTimezone: true }),
  // The owner's rule: every staff member signs in with a second factor (enrolling first if they have none).
  require_two_factor: boolean().notNull().default(false),
  created_at: createdAt(),
  updated_at: updatedAt(),
});

export type Org = typeof orgs.$inferSelect;
