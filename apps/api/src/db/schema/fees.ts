import { bigint, numeric, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { feeTypes } from '@crewpay/core';
import { createdAt, id, updatedAt } from './columns.ts';
import { orgs } from './orgs.ts';

export const feeSchedules = pgTable(
  'fee_schedules',
  {
    id: id(),
    org_id: uuid()
      .notNull()
      .references(() => orgs.id),
    type: text({ enum: feeTypes }).notNull(),
    flat_rate: bigint({ mode: 'number' }).notNull().default(0),
    percentage: numeric({ precision: 7, scale: 4, mode: 'number' }).notNull().default(0),
    cap: bigint({ mode: 'number' }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (table) => [uniqueIndex('fee_schedules_org_type_key').on(table.org_id, table.type)],
);

export type FeeSchedule = typeof feeSchedules.$inferSelect;
