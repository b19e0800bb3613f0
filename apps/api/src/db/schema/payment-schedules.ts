import { date, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';
import { orgs } from './orgs.ts';

export const scheduleFrequencies = ['once', 'weekly', 'monthly'] as const;
export const scheduleStatuses = ['active', 'cancelled', 'ended'] as const;

/**
 * A payment executed on a date, once or every week or month (a retainer). `payment_id` is the
 * draft executed first; each later period executes a copy of it. The runner takes schedules whose
 * `next_run_at` (sandbox clock) has passed; `period` counts the runs made so far.
 */
export const paymentSchedules = pgTable(
  'payment_schedules',
  {
    id: id(),
    org_id: uuid()
      .notNull()
      .references(() => orgs.id),
    payment_id: uuid().notNull(),
    frequency: text({ enum: scheduleFrequencies }).notNull(),
    starts_on: date({ mode: 'string' }).notNull(),
    ends_on: date({ mode: 'string' }),
    max_runs: integer(),
    period: integer().notNull().default(0),
    next_run_at: timestamp({ withTimezone: true }).notNull(),
    status: text({ enum: scheduleStatuses }).notNull().default('active'),
    created_by: uuid().notNull(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (table) => [
    index('payment_schedules_due_idx').on(table.status, table.next_run_at),
    index('payment_schedules_org_payment_idx').on(table.org_id, table.payment_id),
  ],
);

/** One run of a schedule's period: the unique key makes a period run once, whatever runs it. */
export const paymentScheduleRuns = pgTable(
  'payment_schedule_runs',
  {
    id: id(),
    schedule_id: uuid()
      .notNull()
      .references(() => paymentSchedules.id),
    period: integer().notNull(),
    payment_id: uuid().notNull(),
    /** waiting: its payment waits for its contract, a deliverable or an invoice; its release executes it. */
    outcome: text({ enum: ['executed', 'unfunded', 'not_executable', 'waiting'] }).notNull(),
    /** Why a waiting run waits, as the Execute dialog says it. */
    reason: text(),
    created_at: createdAt(),
  },
  (table) => [unique('payment_schedule_runs_period_key').on(table.schedule_id, table.period)],
);

export type PaymentSchedule = typeof paymentSchedules.$inferSelect;
