import { sql } from 'drizzle-orm';
import { bigint, check, date, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';
import { ledgerTransfers } from './ledger.ts';
import { orgs } from './orgs.ts';

/**
 * One monthly charge of the standard plan per organisation and month ('2026-12'): the unique key
 * makes the month charged once whatever retries or workers do. 'owed' until the wallet covers it.
 */
export const billingCharges = pgTable(
  'billing_charges',
  {
    id: id(),
    org_id: uuid()
      .notNull()
      .references(() => orgs.id),
    period: text().notNull(),
    billing_date: date({ mode: 'string' }).notNull(),
    amount: bigint({ mode: 'number' }).notNull(),
    status: text({ enum: ['owed', 'paid'] })
      .notNull()
      .default('owed'),
    ledger_transfer_id: uuid().references(() => ledgerTransfers.id),
    paid_at: timestamp({ withTimezone: true }),
    created_at: createdAt(),
  },
  (table) => [
    uniqueIndex('billing_charges_org_period_key').on(table.org_id, table.period),
    index('billing_charges_owed_idx')
      .on(table.org_id)
      .where(sql`${table.status} = 'owed'`),
    check('billing_charges_amount_not_negative', sql`${table.amount} >= 0`),
  ],
);

export type BillingCharge = typeof billingCharges.$inferSelect;
