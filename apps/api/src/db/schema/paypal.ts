import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

/**
 * The sandbox PayPal's own side (SANDBOX=true), as PayPal keeps its own: one account per
 * onboarding (the referral's tracking id is our paypal_links id; consented once its owner agreed
 * on the consent page), and the movements of its balance, each counting from when it happens on
 * the sandbox clock (a payout's money leaves at once; an unclaimed one comes back 30 days later).
 */
export const sandboxPaypalAccounts = pgTable('sandbox_paypal_accounts', {
  merchant_id: text().primaryKey(),
  tracking_id: text().notNull().unique(),
  return_url: text().notNull(),
  email: text(),
  consented_at: timestamp({ withTimezone: true }),
  created_at: createdAt(),
});

export const sandboxPaypalMovements = pgTable(
  'sandbox_paypal_movements',
  {
    id: uuid().primaryKey(),
    merchant_id: text()
      .notNull()
      .references(() => sandboxPaypalAccounts.merchant_id),
    amount: bigint({ mode: 'number' }).notNull(),
    effective_at: timestamp({ withTimezone: true }).notNull(),
    created_at: createdAt(),
  },
  (table) => [index('sandbox_paypal_movements_merchant_idx').on(table.merchant_id, table.effective_at)],
);
