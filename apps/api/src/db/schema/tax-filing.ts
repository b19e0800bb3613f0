import { index, integer, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { id, updatedAt } from './columns.ts';
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

/**
 * What was handed to the IRS for a recipient and year, one row per filing file that carried
 * them: the original, then each correction. The latest row is what the IRS has, so a returned
 * payment or a changed amount since then is a correction to file.
 */
export const taxFilings = pgTable(
  'tax_filings',
  {
    id: id(),
    org_id: uuid()
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    year: smallint().notNull(),
    recipient: uuid().notNull(),
    kind: text({ enum: ['original', 'correction'] }).notNull(),
    compensation: integer().notNull(),
    federal_withheld: integer().notNull(),
    state_withheld: integer().notNull(),
    filed_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('tax_filings_org_year_recipient_idx').on(table.org_id, table.year, table.recipient, table.filed_at)],
);

export type TaxFiling = typeof taxFilings.$inferSelect;
