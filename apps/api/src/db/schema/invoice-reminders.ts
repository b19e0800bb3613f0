import { boolean, integer, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';
import { invoices } from './invoices.ts';
import { orgs } from './orgs.ts';

/** The organisation's dunning schedule: reminder days counted from each invoice's due date. */
export const invoiceReminderSettings = pgTable('invoice_reminder_settings', {
  org_id: uuid()
    .primaryKey()
    .references(() => orgs.id),
  enabled: boolean().notNull(),
  steps: integer().array().notNull(),
  created_at: createdAt(),
  updated_at: updatedAt(),
});

/** One row per invoice and reminder day sent: the primary key makes each step's email go once, whatever runs the job. */
export const invoiceReminders = pgTable(
  'invoice_reminders',
  {
    invoice_id: uuid()
      .notNull()
      .references(() => invoices.id),
    step: integer().notNull(),
    org_id: uuid()
      .notNull()
      .references(() => orgs.id),
    sent_at: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.invoice_id, table.step] })],
);
