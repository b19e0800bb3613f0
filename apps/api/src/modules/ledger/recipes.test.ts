import { describe, expect, it } from 'vitest';
import { ledgerAccountKinds } from '../../db/schema/index.ts';
import type { WalletAccounts } from './accounts.ts';
import {
  arrivedMoneyEntries,
  outgoingMoneyEntries,
  paypalPayoutEntries,
  paypalSentEntries,
  paypalSyncEntries,
  takenBackEntries,
} from './recipes.ts';

/** Accounts named by their kind, with the balances a test gives (0 otherwise). */
function accounts(balances: Partial<Record<string, number>> = {}): WalletAccounts {
  return Object.fromEntries(
    ledgerAccountKinds.map((kind) => [kind, { id: kind, kind, balance: balances[kind] ?? 0 }]),
  ) as unknown as WalletAccounts;
}
const sum = (entries: { amount: number }[]) => entries.reduce((total, entry) => total + entry.amount, 0);

describe('the ledger recipes', () => {
  it('sends money out: paid to the outside bank and fees, failed back to available, returned back with the fee', () => {
    const a = accounts();
    expect(outgoingMoneyEntries(a, 'paid', { amount: 25_000, fee: 250 })).toEqual([
      { account_id: 'wallet_held', amount: -25_250 },
      { account_id: 'outside_bank', amount: 25_000 },
      { account_id: 'fees', amount: 250 },
    ]);
    expect(outgoingMoneyEntries(a, 'failed', { amount: 25_000, fee: 250 })).toEqual([
      { account_id: 'wallet_held', amount: -25_250 },
      { account_id: 'wallet_available', amount: 25_250 },
    ]);
    expect(outgoingMoneyEntries(a, 'returned', { amount: 25_000, fee: 250 })).toEqual([
      { account_id: 'outside_bank', amount: -25_000 },
      { account_id: 'wallet_available', amount: 25_250 },
      { account_id: 'fees', amount: -250 },
    ]);
    // No fee: no fees entry.
    expect(outgoingMoneyEntries(a, 'paid', { amount: 100, fee: 0 }).map((entry) => entry.account_id)).toEqual([
      'wallet_held',
      'outside_bank',
    ]);
  });

  it('takes money in less the fee, and back from what the wallet and fees still hold, the rest owed', () => {
    expect(arrivedMoneyEntries(accounts(), { amount: 10_000, fee: 0 })).toEqual([
      { account_id: 'outside_bank', amount: -10_000 },
      { account_id: 'wallet_available', amount: 10_000 },
    ]);
    expect(arrivedMoneyEntries(accounts(), { amount: 10_000, fee: 300 })).toEqual([
      { account_id: 'outside_bank', amount: -10_000 },
      { account_id: 'wallet_available', amount: 9_700 },
      { account_id: 'fees', amount: 300 },
    ]);
    expect(takenBackEntries(accounts({ wallet_available: 4_000, fees: 100 }), { amount: 10_000, fee: 300 })).toEqual([
      { account_id: 'outside_bank', amount: 10_000 },
      { account_id: 'wallet_available', amount: -4_000 },
      { account_id: 'fees', amount: -100 },
      { account_id: 'receivable', amount: -5_900 },
    ]);
    expect(takenBackEntries(accounts({ wallet_available: 50_000, fees: -20 }), { amount: 10_000, fee: 0 })).toEqual([
      { account_id: 'outside_bank', amount: 10_000 },
      { account_id: 'wallet_available', amount: -10_000 },
    ]);
  });

  it("moves a PayPal payout's amount on the organisation's PayPal account and its fee on the wallet", () => {
    const a = accounts();
    expect(paypalSentEntries(a, 5_000)).toEqual([
      { account_id: 'paypal_available', amount: -5_000 },
      { account_id: 'paypal_held', amount: 5_000 },
    ]);
    expect(paypalPayoutEntries(a, 'paid', { amount: 5_000, fee: 50, sent: true })).toEqual([
      { account_id: 'paypal_held', amount: -5_000 },
      { account_id: 'outside_bank', amount: 5_000 },
      { account_id: 'wallet_held', amount: -50 },
      { account_id: 'fees', amount: 50 },
    ]);
    expect(paypalPayoutEntries(a, 'failed', { amount: 5_000, fee: 50, sent: true })).toEqual([
      { account_id: 'paypal_held', amount: -5_000 },
      { account_id: 'paypal_available', amount: 5_000 },
      { account_id: 'wallet_held', amount: -50 },
      { account_id: 'wallet_available', amount: 50 },
    ]);
    // Refused before PayPal took the amount: only the fee comes back; with no fee, nothing moves.
    expect(paypalPayoutEntries(a, 'failed', { amount: 5_000, fee: 50, sent: false })).toEqual([
      { account_id: 'wallet_held', amount: -50 },
      { account_id: 'wallet_available', amount: 50 },
    ]);
    expect(paypalPayoutEntries(a, 'failed', { amount: 5_000, fee: 0, sent: false })).toEqual([]);
    expect(paypalPayoutEntries(a, 'returned', { amount: 5_000, fee: 0, sent: true })).toEqual([
      { account_id: 'outside_bank', amount: -5_000 },
      { account_id: 'paypal_available', amount: 5_000 },
    ]);
    expect(paypalSyncEntries(a, -700)).toEqual([
      { account_id: 'outside_bank', amount: 700 },
      { account_id: 'paypal_available', amount: -700 },
    ]);
  });

  it('balances every recipe to zero', () => {
    const a = accounts({ wallet_available: 1_234, fees: 56 });
    for (const money of [
      { amount: 1, fee: 0 },
      { amount: 99_999, fee: 1_234 },
    ]) {
      for (const outcome of ['paid', 'failed', 'returned'] as const) expect(sum(outgoingMoneyEntries(a, outcome, money))).toBe(0);
      expect(sum(arrivedMoneyEntries(a, money))).toBe(0);
      expect(sum(takenBackEntries(a, money))).toBe(0);
      for (const outcome of ['paid', 'failed', 'returned'] as const)
        for (const sent of [true, false]) expect(sum(paypalPayoutEntries(a, outcome, { ...money, sent }))).toBe(0);
      expect(sum(paypalSentEntries(a, money.amount))).toBe(0);
      expect(sum(paypalSyncEntries(a, money.amount))).toBe(0);
    }
  });
});
