import { and, eq, inArray } from 'drizzle-orm';
import type { NiumWalletView } from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import type { DbOrTx } from '../../db/client.ts';
import { ledgerAccounts } from '../../db/schema/index.ts';
import { niumClient } from '../../providers/payouts/index.ts';
import { findNiumAccount } from './accounts.ts';

const PLACES = ['nium_available', 'nium_held', 'nium_sent'] as const;

/** The Nium wallet per currency, from the books: spendable, held for payments executing, sent and not paid yet. */
export async function niumWalletOf(db: DbOrTx, orgId: string): Promise<NiumWalletView> {
  const rows = await db
    .select({ kind: ledgerAccounts.kind, currency: ledgerAccounts.currency, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.org_id, orgId), inArray(ledgerAccounts.kind, [...PLACES])));
  const byCurrency = new Map<string, { currency: string; available: number; held: number; in_flight: number }>();
  for (const row of rows) {
    const currency = row.currency.toUpperCase();
    const entry = byCurrency.get(currency) ?? { currency, available: 0, held: 0, in_flight: 0 };
    if (row.kind === 'nium_available') entry.available += row.balance;
    if (row.kind === 'nium_held') entry.held += row.balance;
    if (row.kind === 'nium_sent') entry.in_flight += row.balance;
    byCurrency.set(currency, entry);
  }
  const account = await findNiumAccount(db, orgId);
  return {
    customer_id: account?.customerHashId ?? null,
    balances: [...byCurrency.values()].filter(isShown).sort((a, b) => a.currency.localeCompare(b.currency)),
  };
}

// A currency a payment only passed through (sent and paid, all zero) is not a balance to show; dollars, the wallet's own, always are.
const isShown = (entry: { currency: string; available: number; held: number; in_flight: number }) =>
  entry.currency === 'USD' || entry.available !== 0 || entry.held !== 0 || entry.in_flight !== 0;

/**
 * The provider check per currency: what Nium's wallet holds (its balance, withheld apart) beside
 * what the books say it holds (available + held: Nium has not debited a payment still being
 * executed). Live only: the sandbox keeps no wallet of its own (the books are it).
 */
export async function niumWalletCheck(
  deps: Pick<AppDeps, 'config' | 'db'>,
  orgId: string,
): Promise<{ currency: string; books: number; nium: number }[]> {
  const account = await findNiumAccount(deps.db, orgId);
  if (deps.config.isSandbox || !account) return [];
  const [books, nium] = await Promise.all([niumWalletOf(deps.db, orgId), niumClient(deps.config.providers.nium).walletBalances(account)]);
  const currencies = new Set([...books.balances.map((b) => b.currency), ...nium.map((b) => b.currency)]);
  return [...currencies].sort().map((currency) => {
    const ours = books.balances.find((b) => b.currency === currency);
    const theirs = nium.find((b) => b.currency === currency);
    return { currency, books: (ours?.available ?? 0) + (ours?.held ?? 0), nium: (theirs?.available ?? 0) + (theirs?.withheld ?? 0) };
  });
}
