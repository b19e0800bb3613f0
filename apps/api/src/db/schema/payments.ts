import { sql } from 'drizzle-orm';
import { bigint, boolean, foreignKey, index, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { paymentStatuses, recipientRoles } from '@crewpay/core';
import { createdAt, id, updatedAt } from './columns.ts';
import { campaigns } from './campaigns.ts';
import { orgs } from './orgs.ts';

/**
 * A payment to a creator, agent or manager (spec entity Payment). Amounts are cents; `amount` is
 * what the recipient receives (after withholding), `fee` is charged to the organisation on top.
 * `recipient` is a creators.id for role creator and a users.id for agent and manager.
 */
export const payments = pgTable(
  'payments',
  {
    id: id(),
    org_id: uuid()
      .notNull()
      .references(() => orgs.id),
    payment_group_id: uuid(),
    recipient: uuid().notNull(),
    recipient_role: text({ enum: recipientRoles }).notNull(),
    managed_creator_id: uuid(),
    // An agent's or manager's share points to the creator payment it came from (edited together).
    parent_payment_id: uuid(),
    status: text({ enum: paymentStatuses }).notNull().default('draft'),
    memo: text().notNull().default(''),
    amount: bigint({ mode: 'number' }).notNull(),
    earnings: bigint({ mode: 'number' }).notNull(),
    split: numeric({ precision: 6, scale: 2, mode: 'number' }).notNull(),
    state_withholdings: bigint({ mode: 'number' }).notNull().default(0),
    federal_withholdings: bigint({ mode: 'number' }).notNull().default(0),
    fee: bigint({ mode: 'number' }).notNull().default(0),
    // The currency the amount was entered in: USD (amount is it), or the payee's currency abroad,
    // then currency_amount is what the payee receives in its minor units, fixed, and amount the
    // quote's estimate in USD cents until execution books what Nium converted.
    amount_currency: text().notNull().default('USD'),
    currency_amount: bigint({ mode: 'number' }),
    method: text({ enum: ['stripe', 'paypal', 'venmo', 'nium'] }),
    // Sandbox clock time, like every date of the banking provider.
    date_initiated: timestamp({ withTimezone: true }),
    date_info_requested: timestamp({ withTimezone: true }),
    date_posted: timestamp({ withTimezone: true }),
    date_failed: timestamp({ withTimezone: true }),
    date_returned: timestamp({ withTimezone: true }),
    failure_reason: text(),
    // The payout at the rail's provider, and the ledger hold of the batch that executed it.
    stripe_reference_id: text().unique(),
    fee_reference_id: text(),
    is_deleted: boolean().notNull().default(false),
    // Who created it (Settings > Approvals: its creator cannot approve it); null for older rows.
    created_by_user_id: uuid(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (table) => [
    // The list's order, then status: a tab's page by number skips its offset on the index alone.
    index('payments_org_created_idx')
      .on(table.org_id, table.created_at.desc().nullsFirst(), table.id.desc().nullsFirst(), table.status)
      .where(sql`NOT is_deleted`),
    index('payments_org_recipient_idx').on(table.org_id, table.recipient),
    // The creator portal's list: one payee's payments across organisations, newest first, by keyset.
    index('payments_recipient_created_idx')
      .on(table.recipient, table.created_at.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`NOT is_deleted`),
    // Every status query skips deleted rows; a tab's total counts on this small index alone.
    index('payments_org_status_idx')
      .on(table.org_id, table.status)
      .where(sql`NOT is_deleted`),
    index('payments_org_group_idx').on(table.org_id, table.payment_group_id),
    // The list's search by memo (a word anywhere in it): trigrams, as the creators' search text.
    index('payments_memo_search_idx').using('gin', sql`lower(${table.memo}) gin_trgm_ops`),
    // One execution's payments (its batch id): the progress view polls them every second.
    index('payments_org_batch_idx')
      .on(table.org_id, table.fee_reference_id)
      .where(sql`fee_reference_id IS NOT NULL`),
    // A payment's campaign must be a campaign of the same organisation.
    foreignKey({
      name: 'payments_campaign_fk',
      columns: [table.payment_group_id, table.org_id],
      foreignColumns: [campaigns.id, campaigns.org_id],
    }),
  ],
);

export type Payment = typeof payments.$inferSelect;
export type NewPayment = typeof payments.$inferInsert;
