import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { refundStatuses } from '@crewpay/core';
import { createdAt, id } from './columns.ts';
import { charges, invoices } from './invoices.ts';
import { orgs } from './orgs.ts';
import { users } from './users.ts';

/**
 * A refund of an invoice's payment, full or partial (docs/invoices.md): the amount given back and
 * Crewpay's fee share returned with it. Pending until the provider reports it; the refunds of a
 * charge never exceed its amount (checked under the charge's row lock).
 */
export const chargeRefunds = pgTable(
  'charge_refunds',
  {
    id: id(),
    org_id: uuid()
      .notNull()
      .references(() => orgs.id),
    charge_id: uuid()
      .notNull()
      .references(() => charges.id),
    invoice_id: uuid()
      .notNull()
      .references(() => invoices.id),
    amount: bigint({ mode: 'number' }).notNull(),
    fee_refund: bigint({ mode: 'number' }).notNull(),
    reason: text(),
    status: text({ enum: refundStatuses }).notNull().default('pending'),
    provider_id: text(),
    failure_reason: text(),
    requested_by: uuid().references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
    settled_at: timestamp({ withTimezone: true }),
    failed_at: timestamp({ withTimezone: true }),
  },
  (table) => [
    index('charge_refunds_charge_id_idx').on(table.charge_id),
    check('charge_refunds_amounts', sql`${table.amount} > 0 AND ${table.fee_refund} >= 0 AND ${table.fee_refund} <= ${table.amount}`),
  ],
);

/**
 * A dispute of an invoice's card payment (one per charge, as at the card networks): opened by
 * the payer's bank, its amount withdrawn from the organisation, reinstated if won; closed won or
 * lost (docs/invoices.md). Status is the provider's (needs_response, under_review, won, lost ...).
 */
export const chargeDisputes = pgTable(
  'charge_disputes',
  {
    id: id(),
    org_id: uuid()
      .notNull()
      .references(() => orgs.id),
    charge_id: uuid()
      .notNull()
      .references(() => charges.id),
    invoice_id: uuid()
      .notNull()
      .references(() => invoices.id),
    provider_id: text().notNull(),
    amount: bigint({ mode: 'number' }).notNull(),
    reason: text().notNull(),
    status: text().notNull(),
    // What the withdrawal took from the wallet (the rest became owed): a won dispute gives back the same.
    wallet_share: bigint({ mode: 'number' }).notNull().default(0),
    // A charge in another currency: the USD cents Stripe took and gave back (its balance transactions); null for USD.
    withdrawn_usd: bigint({ mode: 'number' }),
    reinstated_usd: bigint({ mode: 'number' }),
    evidence_due_by: timestamp({ withTimezone: true }),
    created_at: createdAt(),
    funds_withdrawn_at: timestamp({ withTimezone: true }),
    funds_reinstated_at: timestamp({ withTimezone: true }),
    closed_at: timestamp({ withTimezone: true }),
  },
  (table) => [
    uniqueIndex('charge_disputes_charge_key').on(table.charge_id),
    check('charge_disputes_amount_positive', sql`${table.amount} > 0`),
  ],
);

export type ChargeRefund = typeof chargeRefunds.$inferSelect;
export type ChargeDispute = typeof chargeDisputes.$inferSelect;
