import { date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { scheduleIntervals, scheduleStatuses } from '@crewpay/core';
import { createdAt, id, updatedAt } from './columns.ts';
import { invoices } from './invoices.ts';
import { orgs } from './orgs.ts';
import { users } from './users.ts';

/** A recurring invoice: a copy of the template invoice is sent on each period's day (next_date). */
export const invoiceSchedules = pgTable(
  'invoice_schedules',
  {
    id: id(),
    org_id: uuid()
      .notNull()
      .references(() => orgs.id),
    template_invoice_id: uuid()
      .notNull()
      .references(() => invoices.id),
    interval: text({ enum: scheduleIntervals }).notNull(),
    every: integer().notNull(),
    start_date: date({ mode: 'string' }).notNull(),
    end_date: date({ mode: 'string' }),
    max_count: integer(),
    // After an edit of the repeat, periods count from this one and its day (null: from period 0 on start_date),
    // so the periods already sent keep their numbers and are never sent again.
    anchor_period: integer().notNull().default(0),
    anchor_date: date({ mode: 'string' }),
    sent_count: integer().notNull().default(0),
    // The period the job sends next and its day; next_date is null once stopped or ended.
    next_period: integer().notNull().default(0),
    next_date: date({ mode: 'string' }),
    status: text({ enum: scheduleStatuses }).notNull().default('active'),
    stopped_at: timestamp({ withTimezone: true }),
    created_by: uuid().references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (table) => [
    uniqueIndex('invoice_schedules_template_key').on(table.template_invoice_id),
    index('invoice_schedules_org_id_idx').on(table.org_id),
    index('invoice_schedules_due_idx').on(table.status, table.next_date),
  ],
);

/** One row per period sent: the primary key makes each period's invoice exist once, whatever runs the job. */
export const invoiceScheduleRuns = pgTable(
  'invoice_schedule_runs',
  {
    schedule_id: uuid()
      .notNull()
      .references(() => invoiceSchedules.id),
    period: integer().notNull(),
    invoice_id: uuid()
      .notNull()
      .references(() => invoices.id),
    org_id: uuid()
      .notNull()
      .references(() => orgs.id),
    created_at: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.schedule_id, table.period] }),
    uniqueIndex('invoice_schedule_runs_invoice_key').on(table.invoice_id),
  ],
);

export type InvoiceSchedule = typeof invoiceSchedules.$inferSelect;
