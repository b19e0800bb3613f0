import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { paymentReleaseStatuses } from '@crewpay/core';
import { createdAt } from './columns.ts';
import { invoices } from './invoices.ts';
import { orgs } from './orgs.ts';
import { users } from './users.ts';

/**
 * "Release when paid": the invoice's funded draft payments wait (Execute skips them) until the
 * invoice's payment has gone through, then are executed once. One row per invoice; its row lock
 * orders a release against a dispute and a repeated event.
 */
export const paymentReleases = pgTable(
  'payment_releases',
  {
    invoice_id: uuid()
      .primaryKey()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    org_id: uuid()
      .notNull()
      .references(() => orgs.id),
    status: text({ enum: paymentReleaseStatuses }).notNull().default('waiting'),
    // Why the payments still wait or are held (a shortfall of funds, a dispute); null while simply unpaid.
    reason: text(),
    created_by: uuid().references(() => users.id, { onDelete: 'set null' }),
    released_at: timestamp({ withTimezone: true }),
    created_at: createdAt(),
  },
  (table) => [index('payment_releases_org_status_idx').on(table.org_id, table.status)],
);
