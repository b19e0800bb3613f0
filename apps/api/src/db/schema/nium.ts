import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';
import { orgs } from './orgs.ts';
import { payments } from './payments.ts';

/**
 * The organisation as a Nium customer with its multi-currency wallet (customerHashId,
 * walletHashId): the sandbox makes one on first use; live takes the ids of the organisation's
 * Nium onboarding (KYB), set by Crewpay's operator (docs/providers.md).
 */
export const niumAccounts = pgTable('nium_accounts', {
  org_id: uuid()
    .primaryKey()
    .references(() => orgs.id),
  customer_hash_id: text().notNull(),
  wallet_hash_id: text().notNull(),
  created_at: createdAt(),
});

/**
 * Where a payee abroad is paid: their country, its currency, the corridor's method and fields
 * (sealed JSON, as bank numbers are; `last4` keeps what answers may show), and the beneficiary
 * Nium knows them as, created once per version of the fields (cleared when they change).
 * payee_id is a creator's id or an agent's or manager's users id.
 */
export const payeesAbroad = pgTable(
  'payees_abroad',
  {
    id: id(),
    org_id: uuid()
      .notNull()
      .references(() => orgs.id),
    payee_id: uuid().notNull(),
    country: text().notNull(),
    currency: text().notNull(),
    method: text({ enum: ['bank_account', 'pix'] }).notNull(),
    fields_sealed: text().notNull(),
    last4: jsonb().$type<Record<string, string>>().notNull().default({}),
    account_holder_name: text().notNull(),
    beneficiary_id: text(),
    payout_method_id: text(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (table) => [uniqueIndex('payees_abroad_org_payee_key').on(table.org_id, table.payee_id)],
);

/** A payout quote shown to the owner (preview), kept so Execute locks exactly what was shown. */
export const niumQuotes = pgTable(
  'nium_quotes',
  {
    quote_id: text().primaryKey(),
    org_id: uuid()
      .notNull()
      .references(() => orgs.id),
    payment_id: uuid()
      .notNull()
      .references(() => payments.id),
    source_currency: text().notNull(),
    source_amount: bigint({ mode: 'number' }).notNull(),
    destination_currency: text().notNull(),
    destination_amount: bigint({ mode: 'number' }).notNull(),
    rate: text().notNull(),
    market_rate: text().notNull(),
    fee: bigint({ mode: 'number' }).notNull().default(0),
    expires_at: timestamp({ withTimezone: true }).notNull(),
    created_at: createdAt(),
  },
  (table) => [index('nium_quotes_payment_idx').on(table.org_id, table.payment_id)],
);

export type RfiRecord = { rfi_id: string; status: string; description: string; fields: string[] };

/**
 * A payment abroad at Nium: what left the wallet (source, USD), the payee's currency and what
 * they receive (quoted, then as Nium converted it), the locked quote, Nium's reference, status,
 * expected arrival and open RFIs. One row per payment paid through Nium.
 */
export const niumPayouts = pgTable(
  'nium_payouts',
  {
    payment_id: uuid()
      .primaryKey()
      .references(() => payments.id),
    org_id: uuid()
      .notNull()
      .references(() => orgs.id),
    payee_abroad_id: uuid()
      .notNull()
      .references(() => payeesAbroad.id),
    source_currency: text().notNull(),
    source_amount: bigint({ mode: 'number' }).notNull(),
    destination_currency: text().notNull(),
    /** Quoted, then what Nium converted (the paid event's); null: converted at the rate of the moment, not known yet. */
    destination_amount: bigint({ mode: 'number' }),
    rate: text(),
    quote_id: text(),
    transfer_id: text(),
    status: text().notNull().default('initiated'),
    estimated_arrival: timestamp({ withTimezone: true }),
    rfis: jsonb().$type<RfiRecord[]>().notNull().default([]),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (table) => [
    // The sweep finds the transfers not final yet.
    index('nium_payouts_open_idx')
      .on(table.org_id, table.updated_at)
      .where(sql`status NOT IN ('paid', 'returned', 'rejected', 'expired', 'failed', 'cancelled')`),
    index('nium_payouts_transfer_idx').on(table.transfer_id),
  ],
);

export type NiumAccountRow = typeof niumAccounts.$inferSelect;
export type PayeeAbroadRow = typeof payeesAbroad.$inferSelect;
export type NiumQuoteRow = typeof niumQuotes.$inferSelect;
export type NiumPayoutRow = typeof niumPayouts.$inferSelect;
