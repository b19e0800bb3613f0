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
  const query = tx.select().from(ledgerAccounts).where(eq(ledgerAccounts.org_id, orgId)).orderBy(asc(ledgerAccounts.id));
  const rows = options.lock ? await query.for('no key update') : await query;
  const byKind = new Map(rows.map((row) => [row.kind, row]));
  const missing = ledgerAccountKinds.filter((kind) => !byKind.has(kind));
  if (missing.length > 0) throw new Error(`Organisation ${orgId} has no ledger accounts ${missing.join(', ')}`);
  return Object.fromEntries(byKind) as WalletAccounts;
}

/** Current balances by kind (0 for an organisation without a wallet yet). */
export async function findBalances(tx: DbOrTx, orgId: string, kinds: LedgerAccountKind[]): Promise<Record<string, number>> {
  const rows = await tx
    .select({ kind: ledgerAccounts.kind, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.org_id, orgId), inArray(ledgerAccounts.kind, kinds)));
  return Object.fromEntries(kinds.map((kind) => [kind, rows.find((row) => row.kind === kind)?.balance ?? 0]));
}
