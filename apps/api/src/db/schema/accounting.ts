import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';
import { ledgerTransfers } from './ledger.ts';
import { orgs } from './orgs.ts';
import { users } from './users.ts';

export const accountingPlatforms = ['quickbooks'] as const;
export const accountMapKeys = ['income', 'payable', 'sales', 'receivable', 'clearing', 'labor'] as const;
export type AccountMapKey = (typeof accountMapKeys)[number];
export type MappedAccount = { Id: string; Name: string };
/** One line of a journal entry before the accounts are resolved: which mapped account, debit or credit, in cents. */
export type JournalLineDraft = {
  key: AccountMapKey;
  posting: 'Debit' | 'Credit';
  amount: number;
  description: string;
  creator_id?: string;
};

/** The organisation's accounting connection: tokens sealed with deps.secrets, never returned. */
export const accountingConnections = pgTable(
  'accounting_connections',
  {
    id: id(),
    org_id: uuid()
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    platform: text({ enum: accountingPlatforms }).notNull().default('quickbooks'),
    realm_id: text().notNull(),
    access_token_sealed: text().notNull(),
    refresh_token_sealed: text().notNull(),
    access_expires_at: timestamp({ withTimezone: true }).notNull(),
    /** The adapter that issued the tokens (quickbooks-sandbox, quickbooks-online): another one's tokens mean connect again. */
    provider: text().notNull().default('quickbooks-sandbox'),
    /** When the refresh token ends (Intuit: 100 days, renewed by each refresh). */
    refresh_expires_at: timestamp({ withTimezone: true }),
    /** Set when QuickBooks refused the refresh token: nothing is sent until the organisation connects again. */
    expired_at: timestamp({ withTimezone: true }),
    /** While set and ahead, one worker is refreshing the tokens and the others wait for its answer (connection.ts). */
    refreshing_until: timestamp({ withTimezone: true }),
    created_by: uuid(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (table) => [uniqueIndex('accounting_connections_org_platform_key').on(table.org_id, table.platform)],
);

/**
 * Single-use codes that open the QuickBooks consent popup for one owner or admin (a minute each):
 * the popup's URL carries one instead of the session token. Only the code's hash is kept.
 */
export const accountingConnectCodes = pgTable(
  'accounting_connect_codes',
  {
    id: id(),
    code_hash: text().notNull(),
    org_id: uuid()
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    user_id: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expires_at: timestamp({ withTimezone: true }).notNull(),
    created_at: createdAt(),
  },
  (table) => [
    uniqueIndex('accounting_connect_codes_code_hash_key').on(table.code_hash),
    index('accounting_connect_codes_expires_at_idx').on(table.expires_at),
  ],
);

/** Which QuickBooks account each kind of line goes to ({Id, Name} as QuickBooks names it). */
export const accountingAccountMaps = pgTable('accounting_account_maps', {
  org_id: uuid()
    .primaryKey()
    .references(() => orgs.id, { onDelete: 'cascade' }),
  income: jsonb().$type<MappedAccount>(),
  payable: jsonb().$type<MappedAccount>(),
  sales: jsonb().$type<MappedAccount>(),
  receivable: jsonb().$type<MappedAccount>(),
  clearing: jsonb().$type<MappedAccount>(),
  labor: jsonb().$type<MappedAccount>(),
  unique_income_creator: boolean().notNull().default(false),
  updated_at: updatedAt(),
});

/** One journal entry per ledger transfer: its drafted lines, and the sync result (succeeded when ref_id is present). */
export const accountingJournalEntries = pgTable(
  'accounting_journal_entries',
  {
    id: id(),
    org_id: uuid()
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    ledger_transfer_id: uuid()
      .notNull()
      .references(() => ledgerTransfers.id),
    transfer_type: text().notNull(),
    campaign_id: uuid(),
    details: text().notNull(),
    lines: jsonb().$type<JournalLineDraft[]>().notNull(),
    total: bigint({ mode: 'number' }).notNull(),
    status: text({ enum: ['pending', 'succeeded', 'failed'] })
      .notNull()
      .default('pending'),
    attempt: integer().notNull().default(1),
    /**
     * The requestid QuickBooks deduplicates on (null: the entry's id). It changes only after
     * QuickBooks refused the entry, when nothing was posted, so a retry of a lost answer stays one entry.
     */
    qb_request_id: text(),
    ref_id: text(),
    error_text: text(),
    date_posted: timestamp({ withTimezone: true }),
    date_failed: timestamp({ withTimezone: true }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (table) => [
    uniqueIndex('accounting_journal_entries_transfer_key').on(table.ledger_transfer_id),
    index('accounting_journal_entries_org_idx').on(table.org_id, table.created_at),
    check('accounting_journal_entries_total_positive', sql`${table.total} > 0`),
  ],
);

/**
 * The sandbox QuickBooks company of an organisation, as Intuit keeps it on its side: the chart of
 * accounts, vendors and customers, the tokens it issued (hashed) and its journal entries.
 */
export const qbSandboxCompanies = pgTable('qb_sandbox_companies', {
  realm_id: text().primaryKey(),
  org_id: uuid()
    .notNull()
    .references(() => orgs.id, { onDelete: 'cascade' }),
  company_name: text().notNull(),
  accounts: jsonb().$type<QbAccount[]>().notNull(),
  vendors: jsonb().$type<QbParty[]>().notNull(),
  customers: jsonb().$type<QbParty[]>().notNull(),
  code_hash: text(),
  code_expires_at: timestamp({ withTimezone: true }),
  access_token_hash: text(),
  access_expires_at: timestamp({ withTimezone: true }),
  refresh_token_hash: text(),
  created_at: createdAt(),
});

export type QbAccount = { Id: string; Name: string; Classification: string; AccountType: string; Active: boolean };
export type QbParty = { Id: string; DisplayName: string };

export const qbSandboxJournalEntries = pgTable(
  'qb_sandbox_journal_entries',
  {
    id: id(),
    realm_id: text()
      .notNull()
      .references(() => qbSandboxCompanies.realm_id, { onDelete: 'cascade' }),
    qb_id: integer().notNull(),
    request_id: text().notNull(),
    txn_date: text().notNull(),
    private_note: text().notNull(),
    lines: jsonb().$type<unknown[]>().notNull(),
    created_at: createdAt(),
  },
  (table) => [
    uniqueIndex('qb_sandbox_journal_entries_request_key').on(table.realm_id, table.request_id),
    uniqueIndex('qb_sandbox_journal_entries_qb_id_key').on(table.realm_id, table.qb_id),
  ],
);

export type AccountingConnection = typeof accountingConnections.$inferSelect;
export type AccountingJournalEntry = typeof accountingJournalEntries.$inferSelect;
export type QbSandboxCompany = typeof qbSandboxCompanies.$inferSelect;
