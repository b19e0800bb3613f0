import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';
import { orgs } from './orgs.ts';

/**
 * paypal_available mirrors the organisation's own PayPal balance (PayPal, not our CHECK, refuses a
 * payout it cannot cover); paypal_held is what PayPal took for payout items not final yet.
 */
export const ledgerAccountKinds = [
  'wallet_available',
  'wallet_held',
  'fees',
  'outside_bank',
  'receivable',
  'paypal_available',
  'paypal_held',
  // Invoice money at the provider before it is spendable (docs/money-flows.md, "Places"): the
  // connected account's payments balance (pending and available), then a payout on its way to the
  // financial account. Named by place; one row per currency, like every account.
  'payments_balance',
  'payouts_in_transit',
  // Financial account cash the owner must look at before it can be spent again (an unknown debit).
  'wallet_frozen',
  // The organisation's wallet at Nium (docs/money-flows.md, "Nium"): spendable, held for payments
  // abroad being executed, and sent (Nium debited it; the payee's bank has not been paid yet).
  'nium_available',
  'nium_held',
  'nium_sent',
  // Where a conversion passes from one currency to another: one transfer books both legs and the
  // rate (the USD side in, the payee's currency out), each currency balanced on its own.
  'fx_clearing',
  // Money on its way from the US wallet to the Nium wallet (a funding not landed yet).
  'nium_funding',
  // Tax withheld from a payee's payment (backup withholding) that the organisation owes the IRS:
  // a liability kept out of what the wallet can spend, never income or margin.
  'tax_owed',
] as const;
export type LedgerAccountKind = (typeof ledgerAccountKinds)[number];

/** One account per organisation and kind; the balance is kept on the row, in the posting transaction. */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: id(),
    org_id: uuid()
      .notNull()
      .references(() => orgs.id),
    kind: text({ enum: ledgerAccountKinds }).notNull(),
    currency: text().notNull().default('usd'),
    balance: bigint({ mode: 'number' }).notNull().default(0),
    // Outside accounts (a bank, what is owed) mirror money that left or entered; they may go below zero.
    allow_negative: boolean().notNull().default(false),
    created_at: createdAt(),
  },
  (table) => [
    uniqueIndex('ledger_accounts_org_kind_key').on(table.org_id, table.kind, table.currency),
    check('ledger_accounts_balance_not_negative', sql`${table.allow_negative} OR ${table.balance} >= 0`),
  ],
);

/** One business event (a deposit, a hold, a settlement); its idempotency key makes a repeat a no-op. */
export const ledgerTransfers = pgTable(
  'ledger_transfers',
  {
    id: id(),
    org_id: uuid()
      .notNull()
      .references(() => orgs.id),
    idempotency_key: text().notNull(),
    type: text().notNull(),
    memo: text().notNull().default(''),
    metadata: jsonb().$type<Record<string, string>>().notNull().default({}),
    status: text({ enum: ['posted'] })
      .notNull()
      .default('posted'),
    created_at: createdAt(),
  },
  (table) => [
    uniqueIndex('ledger_transfers_org_key_key').on(table.org_id, table.idempotency_key),
    // The wallet's movements, newest first by keyset (modules/wallets/movements.ts).
    index('ledger_transfers_org_idx').on(table.org_id, table.created_at.desc().nullsFirst(), table.id.desc().nullsFirst()),
  ],
);

/** Signed amounts: the entries of one transfer sum to zero. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: id(),
    transfer_id: uuid()
      .notNull()
      .references(() => ledgerTransfers.id),
    account_id: uuid()
      .notNull()
      .references(() => ledgerAccounts.id),
    amount: bigint({ mode: 'number' }).notNull(),
    created_at: createdAt(),
  },
  (table) => [index('ledger_entries_transfer_idx').on(table.transfer_id), index('ledger_entries_account_idx').on(table.account_id)],
);

export type LedgerAccount = typeof ledgerAccounts.$inferSelect;
export type LedgerTransfer = typeof ledgerTransfers.$inferSelect;
