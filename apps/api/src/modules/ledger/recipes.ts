import type { WalletAccounts } from './accounts.ts';
import type { LedgerEntryInput } from './post-transfer.ts';

/**
 * One recipe per money movement: the entries each flow posts (docs/wallet.md, docs/payments.md,
 * docs/billing.md), written once here and used by every module that moves that money. Entries of
 * no amount are left out.
 */

const nonZero = (entries: LedgerEntryInput[]) => entries.filter((entry) => entry.amount !== 0);

/** How money that left the wallet for the outside (a payee's payout, a transfer out) came out. */
export type OutgoingOutcome = 'paid' | 'failed' | 'returned';

/**
 * Money sent out of the wallet, held since it was sent (amount and fee). Paid: held -> outside bank
 * (amount) and fees (fee). Failed: held -> available, all of it. Returned after it was paid: outside
 * bank and fees -> available.
 */
export function outgoingMoneyEntries(
  a: WalletAccounts,
  outcome: OutgoingOutcome,
  money: { amount: number; fee: number },
): LedgerEntryInput[] {
  const { amount, fee } = money;
  if (outcome === 'paid')
    return nonZero([
      { account_id: a.wallet_held.id, amount: -(amount + fee) },
      { account_id: a.outside_bank.id, amount },
      { account_id: a.fees.id, amount: fee },
    ]);
  if (outcome === 'failed')
    return [
      { account_id: a.wallet_held.id, amount: -(amount + fee) },
      { account_id: a.wallet_available.id, amount: amount + fee },
    ];
  return nonZero([
    { account_id: a.outside_bank.id, amount: -amount },
    { account_id: a.wallet_available.id, amount: amount + fee },
    { account_id: a.fees.id, amount: -fee },
  ]);
}

/** Money arriving in the wallet from outside (a bank debit settled, a credit received, an invoice paid): outside bank -> available, less our fee. */
export function arrivedMoneyEntries(a: WalletAccounts, money: { amount: number; fee: number }): LedgerEntryInput[] {
  return nonZero([
    { account_id: a.outside_bank.id, amount: -money.amount },
    { account_id: a.wallet_available.id, amount: money.amount - money.fee },
    { account_id: a.fees.id, amount: money.fee },
  ]);
}

/**
 * Money that arrived, taken back by the payer's bank (an ACH return, a card dispute): the wallet
 * gives what it still has of it, the fees what they took, and what is left becomes owed by the
 * organisation (receivable).
 */
export function takenBackEntries(a: WalletAccounts, money: { amount: number; fee: number }): LedgerEntryInput[] {
  const fromWallet = Math.min(money.amount - money.fee, a.wallet_available.balance);
  const fromFees = money.fee > 0 ? Math.min(money.fee, a.fees.balance) : 0;
  return nonZero([
    { account_id: a.outside_bank.id, amount: money.amount },
    { account_id: a.wallet_available.id, amount: -fromWallet },
    { account_id: a.fees.id, amount: -fromFees },
    { account_id: a.receivable.id, amount: -(money.amount - fromWallet - fromFees) },
  ]);
}

/**
 * A payment the organisation gives back (an invoice refund), held since it was asked: held -> the
 * payer (the amount less Crewpay's share of its fee), and that share from the fees.
 */
export function refundedEntries(a: WalletAccounts, money: { amount: number; fee_refund: number }): LedgerEntryInput[] {
  return nonZero([
    { account_id: a.wallet_held.id, amount: -(money.amount - money.fee_refund) },
    { account_id: a.fees.id, amount: -money.fee_refund },
    { account_id: a.outside_bank.id, amount: money.amount },
  ]);
}

/** Money taken back, then given back (a dispute won): the reverse of the taking, to the wallet what it gave, to receivable what became owed. */
export function givenBackEntries(a: WalletAccounts, money: { amount: number; from_wallet: number }): LedgerEntryInput[] {
  return nonZero([
    { account_id: a.outside_bank.id, amount: -money.amount },
    { account_id: a.wallet_available.id, amount: money.from_wallet },
    { account_id: a.receivable.id, amount: money.amount - money.from_wallet },
  ]);
}

/** Crewpay gives a fee back to the organisation (a lost dispute): fees -> available. */
export function feeReturnedEntries(a: WalletAccounts, fee: number): LedgerEntryInput[] {
  return [
    { account_id: a.fees.id, amount: -fee },
    { account_id: a.wallet_available.id, amount: fee },
  ];
}

/**
 * PayPal accepted a payout batch: the item's amount left the organisation's PayPal balance and is
 * with PayPal until the item's outcome (paypal available -> paypal held).
 */
export function paypalSentEntries(a: WalletAccounts, amount: number): LedgerEntryInput[] {
  return [
    { account_id: a.paypal_available.id, amount: -amount },
    { account_id: a.paypal_held.id, amount },
  ];
}

/**
 * A PayPal or Venmo payout's outcome: its amount moves on the organisation's PayPal account, our
 * fee on the wallet it was held in. Paid: paypal held -> outside (amount), wallet held -> fees
 * (fee). Failed: the fee back to available, and the amount back to the PayPal balance when PayPal
 * had taken it (`sent`). Returned after it was paid (refunded, reversed): outside -> PayPal
 * balance (amount), fees -> available (fee).
 */
export function paypalPayoutEntries(
  a: WalletAccounts,
  outcome: OutgoingOutcome,
  money: { amount: number; fee: number; sent: boolean },
): LedgerEntryInput[] {
  const { amount, fee } = money;
  if (outcome === 'paid')
    return nonZero([
      { account_id: a.paypal_held.id, amount: -amount },
      { account_id: a.outside_bank.id, amount },
      { account_id: a.wallet_held.id, amount: -fee },
      { account_id: a.fees.id, amount: fee },
    ]);
  if (outcome === 'failed')
    return nonZero([
      ...(money.sent
        ? [
            { account_id: a.paypal_held.id, amount: -amount },
            { account_id: a.paypal_available.id, amount },
          ]
        : []),
      { account_id: a.wallet_held.id, amount: -fee },
      { account_id: a.wallet_available.id, amount: fee },
    ]);
  return nonZero([
    { account_id: a.outside_bank.id, amount: -amount },
    { account_id: a.paypal_available.id, amount },
    { account_id: a.fees.id, amount: -fee },
    { account_id: a.wallet_available.id, amount: fee },
  ]);
}

/** PayPal reports a balance that differs from our books by `delta`: money that came (or went) outside Crewpay. */
export function paypalSyncEntries(a: WalletAccounts, delta: number): LedgerEntryInput[] {
  return nonZero([
    { account_id: a.outside_bank.id, amount: -delta },
    { account_id: a.paypal_available.id, amount: delta },
  ]);
}
