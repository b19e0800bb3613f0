import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { ledgerAccountKinds, ledgerAccounts, type LedgerAccount, type LedgerAccountKind } from '../../db/schema/index.ts';
import { newId } from '../../lib/ids.ts';

/** Money outside our books (a bank, what an organisation owes) may be negative; the wallet's may not. */
const ALLOWS_NEGATIVE: Record<LedgerAccountKind, boolean> = {
  wallet_available: false,
  wallet_held: false,
  fees: false,
  outside_bank: true,
  receivable: true,
  // A mirror of the organisation's own PayPal balance, which PayPal guards: our books follow it.
  paypal_available: true,
  paypal_held: false,
  // Stripe lets a payments balance go below zero (a refund or dispute before the next charge).
  payments_balance: true,
  payouts_in_transit: false,
  wallet_frozen: false,
  nium_available: false,
  nium_held: false,
  nium_sent: false,
  // One side of a conversion is in, the other out: each currency's clearing row holds what converted through it.
  fx_clearing: true,
  nium_funding: false,
  tax_owed: false,
};

export type WalletAccounts = Record<LedgerAccountKind, LedgerAccount>;

/** Creates the organisation's ledger accounts if missing (safe to call again). */
export async function ensureLedgerAccounts(tx: DbOrTx, orgId: string): Promise<WalletAccounts> {
  await tx
    .insert(ledgerAccounts)
    .values(ledgerAccountKinds.map((kind) => ({ id: newId(), org_id: orgId, kind, allow_negative: ALLOWS_NEGATIVE[kind] })))
    .onConflictDoNothing();
  return findLedgerAccounts(tx, orgId);
}

/**
 * The organisation's accounts with their balances. `lock`: for a recipe that reads a balance to
 * split an amount (debt first, what a taking can still take), locked in id order as a posting
 * locks them, so two such postings at once never split the same balance twice.
 */
export async function findLedgerAccounts(tx: DbOrTx, orgId: string, options: { lock?: boolean } = {}): Promise<WalletAccounts> {
  // The wallet's accounts are USD's; another currency's rows (a conversion's) are read with findCurrencyAccounts.
  const query = tx
    .select()
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.org_id, orgId), eq(ledgerAccounts.currency, 'usd')))
    .orderBy(asc(ledgerAccounts.id));
  const rows = options.lock ? await query.for('no key update') : await query;
  const byKind = new Map(rows.map((row) => [row.kind, row]));
  const missing = ledgerAccountKinds.filter((kind) => !byKind.has(kind));
  if (missing.length > 0) throw new Error(`Organisation ${orgId} has no ledger accounts ${missing.join(', ')}`);
  return Object.fromEntries(byKind) as WalletAccounts;
}

/** The places money in another currency than USD can be at (a conversion's other leg, the payee's bank). */
const FOREIGN_KINDS: LedgerAccountKind[] = ['fx_clearing', 'outside_bank', 'nium_available', 'nium_held', 'nium_sent'];

/**
 * The organisation's accounts in `currency` (ISO 4217, kept lower case as the rows are), made at 0
 * when missing: a payee's currency gets its rows on its first conversion.
 */
export async function findCurrencyAccounts(tx: DbOrTx, orgId: string, currency: string): Promise<Partial<WalletAccounts>> {
  const code = currency.toLowerCase();
  if (code === 'usd') return findLedgerAccounts(tx, orgId);
  await tx
    .insert(ledgerAccounts)
    .values(FOREIGN_KINDS.map((kind) => ({ id: newId(), org_id: orgId, kind, currency: code, allow_negative: ALLOWS_NEGATIVE[kind] })))
    .onConflictDoNothing();
  const rows = await tx
    .select()
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.org_id, orgId), eq(ledgerAccounts.currency, code)));
  return Object.fromEntries(rows.map((row) => [row.kind, row])) as Partial<WalletAccounts>;
}

/** Current balances by kind (0 for an organisation without a wallet yet). */
export async function findBalances(tx: DbOrTx, orgId: string, kinds: LedgerAccountKind[]): Promise<Record<string, number>> {
  const rows = await tx
    .select({ kind: ledgerAccounts.kind, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.org_id, orgId), eq(ledgerAccounts.currency, 'usd'), inArray(ledgerAccounts.kind, kinds)));
  return Object.fromEntries(kinds.map((kind) => [kind, rows.find((row) => row.kind === kind)?.balance ?? 0]));
}
