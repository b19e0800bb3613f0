import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { flowTypes, transactionStatuses } from '@crewpay/core';
import { createdAt, id, updatedAt } from './columns.ts';
import { orgs } from './orgs.ts';

/** The organisation's US-only wallet at the banking provider (a Stripe Treasury financial account). */
export const financialAccounts = pgTable('financial_accounts', {
  id: id(),
  org_id: uuid()
    .notNull()
    .unique()
    .references(() => orgs.id),
  provider: text({ enum: ['stripe'] })
    .notNull()
    .default('stripe'),
  provider_account_id: text().notNull().unique(),
  // Stripe Treasury: the connected account that holds the financial account (null in the sandbox).
  provider_connected_account_id: text(),
  // The account's own numbers; a real provider may give them only once its address feature is active.
  account_number_encrypted: text(),
  account_last4: text(),
  routing_number: text(),
  created_at: createdAt(),
});

/** An outside bank account attached to the wallet: a setup intent, then (verified) a payment method. */
export const bankLinks = pgTable(
  'bank_links',
  {
    id: id(),
    org_id: uuid()
      .notNull()
      .references(() => orgs.id),
    financial_account_id: uuid()
      .notNull()
      .references(() => financialAccounts.id),
    setup_intent_id: text().notNull().unique(),
    status: text({ enum: ['requires_action', 'succeeded', 'canceled'] }).notNull(),
    account_number_encrypted: text().notNull(),
    account_last4: text().notNull(),
    routing_number: text().notNull(),
    bank_name: text().notNull(),
    // The provider's page where the descriptor code is entered (null on links made before it was stored).
    hosted_verification_url: text(),
    payment_method_id: text().unique(),
    verified_at: timestamp({ withTimezone: true }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (table) => [index('bank_links_org_idx').on(table.org_id)],
);

/** A movement of money in or out of the wallet, as the provider reports it. */
export const treasuryTransactions = pgTable(
  'treasury_transactions',
  {
    id: id(),
    org_id: uuid()
      .notNull()
      .references(() => orgs.id),
    financial_account_id: uuid()
      .notNull()
      .references(() => financialAccounts.id),
    // The provider's id, known once the provider has answered (an event may bring it first).
    provider_id: text().unique(),
    flow_type: text({ enum: flowTypes }).notNull(),
    status: text({ enum: transactionStatuses }).notNull(),
    // Signed: money in is positive, money out negative (the fee is separate and never signed).
    amount: bigint({ mode: 'number' }).notNull(),
    fee: bigint({ mode: 'number' }).notNull().default(0),
    memo: text().notNull().default(''),
    counterparty_name: text(),
    counterparty_last4: text(),
    counterparty_routing: text(),
    payment_method_id: text(),
    failure_reason: text(),
    metadata: jsonb().$type<Record<string, string>>().notNull().default({}),
    // Sandbox clock time, like every date of the banking provider.
    created_at: timestamp({ withTimezone: true }).notNull(),
    posted_at: timestamp({ withTimezone: true }),
    failed_at: timestamp({ withTimezone: true }),
    returned_at: timestamp({ withTimezone: true }),
    updated_at: updatedAt(),
  },
  (table) => [
    // The wallet's transactions page by keyset: newest first, the id breaking ties.
    index('treasury_transactions_org_idx').on(table.org_id, table.created_at.desc().nullsFirst(), table.id.desc().nullsFirst()),
    // A payout's events find its wallet transaction by our payment id (before the provider's id is known).
    index('treasury_transactions_payment_idx').on(sql`(metadata->>'payment_id')`),
  ],
);

/**
 * Events received from providers through POST /v1/webhooks/:provider (the sandbox's too), stored
 * once by the provider's event id. Each is applied once by its registered handler, which stamps
 * processed_at; an event whose object we do not know yet waits until due_at and is tried again.
 */
export const providerEvents = pgTable(
  'provider_events',
  {
    id: text().primaryKey(),
    provider: text().notNull().default('sandbox'),
    org_id: uuid()
      .notNull()
      .references(() => orgs.id),
    type: text().notNull(),
    object_id: text().notNull(),
    data: jsonb().$type<Record<string, string>>().notNull().default({}),
    // When the event is (next) tried: its arrival, then later each time its object was not known yet.
    due_at: timestamp({ withTimezone: true }).notNull(),
    attempts: integer().notNull().default(0),
    processed_at: timestamp({ withTimezone: true }),
    // 'no_handler' when no module applies its type: kept unprocessed, not tried again, listed by reconcile.
    last_error: text(),
    created_at: createdAt(),
  },
  (table) => [
    index('provider_events_due_idx')
      .on(table.due_at)
      .where(sql`processed_at IS NULL`),
  ],
);

/** The sandbox bank's side of a micro-deposit verification: the code it sent and the attempts. */
export const sandboxMicrodeposits = pgTable('sandbox_microdeposits', {
  setup_intent_id: text().primaryKey(),
  org_id: uuid()
    .notNull()
    .references(() => orgs.id),
  descriptor_code: text().notNull(),
  attempts: integer().notNull().default(0),
  created_at: createdAt(),
});

/** One clock for all sandbox time: real time plus an offset that POST /dev/clock/advance grows. */
export const sandboxClock = pgTable('sandbox_clock', {
  id: integer().primaryKey(),
  offset_ms: bigint({ mode: 'number' }).notNull().default(0),
});

export const paypalLinks = pgTable(
  'paypal_links',
  {
    id: id(),
    org_id: uuid()
      .notNull()
      .references(() => orgs.id),
    status: text({ enum: ['connecting', 'linked', 'deactivated'] }).notNull(),
    state_token_hash: text().notNull(),
    code_hash: text(),
    email: text(),
    // The organisation's PayPal account (its payer id): payouts are made on its behalf (PayPal-Auth-Assertion).
    merchant_id: text(),
    linked_at: timestamp({ withTimezone: true }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (table) => [uniqueIndex('paypal_links_state_key').on(table.state_token_hash), index('paypal_links_org_idx').on(table.org_id)],
);

export type FinancialAccount = typeof financialAccounts.$inferSelect;
export type BankLink = typeof bankLinks.$inferSelect;
export type TreasuryTransaction = typeof treasuryTransactions.$inferSelect;
export type ProviderEvent = typeof providerEvents.$inferSelect;
export type PaypalLink = typeof paypalLinks.$inferSelect;
