import { pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns.ts';
import { orgs } from './orgs.ts';

/**
 * How the organisation files its 1099s with the IRS (owners set it on /taxes): the Transmitter
 * Control Code the IRS gave it for FIRE, and its state withholding number for box 6.
 */
export const taxFilingSettings = pgTable('tax_filing_settings', {
  org_id: uuid()
    .primaryKey()
    .references(() => orgs.id, { onDelete: 'cascade' }),
  tcc: text().notNull(),
  state_number: text().notNull().default(''),
  updated_at: updatedAt(),
});
