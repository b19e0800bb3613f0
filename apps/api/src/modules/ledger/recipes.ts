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

/**
 * What the organisation owes comes first (docs/money-flows.md, "Debt first"): of money landing in
 * the financial account, the part that repays `receivable` (a dispute or return that took more
 * than the wallet held) is not spendable; the rest is.
 */
function landed(a: WalletAccounts, amount: number): LedgerEntryInput[] {
  const repaid = Math.min(amount, Math.max(0, -a.receivable.balance));
  return [
    { account_id: a.receivable.id, amount: repaid },
    { account_id: a.wallet_available.id, amount: amount - repaid },
  ];
}

/** Money arriving in the financial account from outside (a bank debit settled, a credit received): outside bank -> available, debt first. */
export function arrivedMoneyEntries(a: WalletAccounts, money: { amount: number; fee: number }): LedgerEntryInput[] {
  return nonZero([
    { account_id: a.outside_bank.id, amount: -money.amount },
    ...landed(a, money.amount - money.fee),
    { account_id: a.fees.id, amount: money.fee },
  ]);
}

/**
 * An invoice paid (a card or bank charge succeeded): the amount less Crewpay's application fee is
 * in the connected account's payments balance, not in the financial account: arriving, not
 * spendable (payments_balance), until its payout lands.
 */
export function invoicePaidEntries(a: WalletAccounts, money: { amount: number; fee: number }): LedgerEntryInput[] {
  return nonZero([
    { account_id: a.outside_bank.id, amount: -money.amount },
    { account_id: a.payments_balance.id, amount: money.amount - money.fee },
    { account_id: a.fees.id, amount: money.fee },
  ]);
}

/**
 * An invoice in another currency paid by card: ONE transfer with both legs of Stripe's conversion
 * at the rate it settled at (docs/money-flows.md, "Invoices in other currencies"): the invoice's
 * currency leaves the payer's bank into FX clearing (that currency), and the USD Stripe settled
 * leaves FX clearing (USD) into the payments balance, less Crewpay's application fee as Stripe
 * converted it. Each currency balances on its own.
 */
export function invoicePaidFxEntries(
  usd: WalletAccounts,
  foreign: Partial<WalletAccounts>,
  money: { amount: number; settled_usd: number; settled_fee_usd: number },
): LedgerEntryInput[] {
  return nonZero([
    { account_id: foreign.outside_bank!.id, amount: -money.amount },
    { account_id: foreign.fx_clearing!.id, amount: money.amount },
    { account_id: usd.fx_clearing.id, amount: -money.settled_usd },
    { account_id: usd.payments_balance.id, amount: money.settled_usd - money.settled_fee_usd },
    { account_id: usd.fees.id, amount: money.settled_fee_usd },
  ]);
}

/**
 * USD entries whose outside side was money in another currency (a dispute of an invoice paid in
 * EUR): the outside leg goes through FX clearing, the dollars Stripe moved on one side and the
 * invoice currency's amount on the other, one transfer that balances in each currency.
 */
export function throughFx(
  entries: LedgerEntryInput[],
  usd: WalletAccounts,
  foreign: Partial<WalletAccounts>,
  foreignAmount: number,
): LedgerEntryInput[] {
  return entries.flatMap((entry) => {
    if (entry.account_id !== usd.outside_bank.id) return [entry];
    const sign = Math.sign(entry.amount);
    return [
      { account_id: usd.fx_clearing.id, amount: entry.amount },
      { account_id: foreign.fx_clearing!.id, amount: -sign * foreignAmount },
      { account_id: foreign.outside_bank!.id, amount: sign * foreignAmount },
    ];
  });
}

/** A payout of the payments balance to the financial account: created (balance -> in transit), failed (back), paid (in transit -> the wallet, debt first). */
export function balancePayoutEntries(a: WalletAccounts, step: 'created' | 'failed' | 'paid', amount: number): LedgerEntryInput[] {
  if (step === 'created')
    return [
      { account_id: a.payments_balance.id, amount: -amount },
      { account_id: a.payouts_in_transit.id, amount },
    ];
  if (step === 'failed')
    return [
      { account_id: a.payouts_in_transit.id, amount: -amount },
      { account_id: a.payments_balance.id, amount },
    ];
  return nonZero([{ account_id: a.payouts_in_transit.id, amount: -amount }, ...landed(a, amount)]);
}

/**
 * Money someone outside took from the financial account (an ACH debit on the wallet's numbers,
 * a received credit reversed): from what the wallet can spend, then from what is frozen, the
 * rest owed (receivable).
 */
export function debitedEntries(a: WalletAccounts, amount: number): LedgerEntryInput[] {
  const fromAvailable = Math.min(amount, a.wallet_available.balance);
  const fromFrozen = Math.min(amount - fromAvailable, a.wallet_frozen.balance);
  return nonZero([
    { account_id: a.outside_bank.id, amount },
    { account_id: a.wallet_available.id, amount: -fromAvailable },
    { account_id: a.wallet_frozen.id, amount: -fromFrozen },
    { account_id: a.receivable.id, amount: -(amount - fromAvailable - fromFrozen) },
  ]);
}

/** The spendable amount frozen (an unknown debit, until the owner looks at it), or given back. */
export function freezeEntries(a: WalletAccounts, direction: 'freeze' | 'unfreeze', amount: number): LedgerEntryInput[] {
  const sign = direction === 'freeze' ? 1 : -1;
  return [
    { account_id: a.wallet_available.id, amount: -sign * amount },
    { account_id: a.wallet_frozen.id, amount: sign * amount },
  ];
}

/**
 * Money that arrived, taken back by the payer's bank (an ACH return, a card dispute): first from
 * the payments balance (invoice money not paid out yet, as Stripe takes it), then what the wallet
 * can still spend, the fees what they took, and what is left becomes owed by the organisation
 * (receivable), collected from the next money that lands (debt first).
 */
export function takenBackEntries(a: WalletAccounts, money: { amount: number; fee: number }): LedgerEntryInput[] {
  const net = money.amount - money.fee;
  const fromPayments = Math.min(net, Math.max(0, a.payments_balance.balance));
  const fromWallet = Math.min(net - fromPayments, a.wallet_available.balance);
  const fromFees = money.fee > 0 ? Math.min(money.fee, a.fees.balance) : 0;
  return nonZero([
    { account_id: a.outside_bank.id, amount: money.amount },
    { account_id: a.payments_balance.id, amount: -fromPayments },
    { account_id: a.wallet_available.id, amount: -fromWallet },
    { account_id: a.fees.id, amount: -fromFees },
    { account_id: a.receivable.id, amount: -(money.amount - fromPayments - fromWallet - fromFees) },
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

/**
 * Money taken back, then given back (a dispute won): the reverse of the taking. The wallet gets
 * what it gave; the rest is Stripe's payments balance again, less what it repays of the debt
 * (receivable) the taking left.
 */
export function givenBackEntries(a: WalletAccounts, money: { amount: number; from_wallet: number }): LedgerEntryInput[] {
  const rest = money.amount - money.from_wallet;
  const repaid = Math.min(rest, Math.max(0, -a.receivable.balance));
  return nonZero([
    { account_id: a.outside_bank.id, amount: -money.amount },
    { account_id: a.wallet_available.id, amount: money.from_wallet },
    { account_id: a.receivable.id, amount: repaid },
    { account_id: a.payments_balance.id, amount: rest - repaid },
  ]);
}

/**
 * Crewpay gives its invoice fee back to the organisation (a lost dispute): an application-fee
 * refund, which Stripe puts in the connected account's payments balance (fees -> payments balance).
 */
export function feeReturnedEntries(a: WalletAccounts, fee: number): LedgerEntryInput[] {
  return [
    { account_id: a.fees.id, amount: -fee },
    { account_id: a.payments_balance.id, amount: fee },
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

// ---- Payments abroad through Nium (docs/money-flows.md, "Nium"). `usd`: the organisation's USD
// accounts; `foreign`: its accounts in the payee's currency (findCurrencyAccounts). The payout's
// dollars are in the Nium wallet; Crewpay's fee stays in the US wallet's held balance until paid.

/** Money abroad: what left the Nium wallet (USD), what the payee's bank received (their currency), Crewpay's fee (USD). */
type AbroadMoney = { source: number; destination: number; fee: number };

/** Executed: the payout's dollars held in the Nium wallet (available -> held). */
export function niumHoldEntries(usd: WalletAccounts, amount: number): LedgerEntryInput[] {
  return [
    { account_id: usd.nium_available.id, amount: -amount },
    { account_id: usd.nium_held.id, amount },
  ];
}

/** Nium accepted the transfer and debited its wallet: held -> sent (on its way, not converted yet in our books). */
export function niumSentEntries(usd: WalletAccounts, amount: number): LedgerEntryInput[] {
  return [
    { account_id: usd.nium_held.id, amount: -amount },
    { account_id: usd.nium_sent.id, amount },
  ];
}

/**
 * Paid: ONE transfer with both legs of the conversion at the rate Nium converted at (the dollars
 * into FX clearing in USD, the payee's currency out of FX clearing to the payee's bank; each
 * currency balances on its own) and Crewpay's fee collected from the US wallet's held balance.
 */
export function niumPaidEntries(usd: WalletAccounts, foreign: Partial<WalletAccounts>, money: AbroadMoney): LedgerEntryInput[] {
  return nonZero([
    { account_id: usd.nium_sent.id, amount: -money.source },
    { account_id: usd.fx_clearing.id, amount: money.source },
    { account_id: foreign.fx_clearing!.id, amount: -money.destination },
    { account_id: foreign.outside_bank!.id, amount: money.destination },
    { account_id: usd.wallet_held.id, amount: -money.fee },
    { account_id: usd.fees.id, amount: money.fee },
  ]);
}

/**
 * Refused, rejected or expired before the payee's bank was paid: Nium credits its wallet back
 * (sent -> available; held -> available when it never took the money); the fee goes back to the
 * US wallet.
 */
export function niumFailedEntries(usd: WalletAccounts, money: { source: number; fee: number; sent: boolean }): LedgerEntryInput[] {
  return nonZero([
    { account_id: (money.sent ? usd.nium_sent : usd.nium_held).id, amount: -money.source },
    { account_id: usd.nium_available.id, amount: money.source },
    { account_id: usd.wallet_held.id, amount: -money.fee },
    { account_id: usd.wallet_available.id, amount: money.fee },
  ]);
}

/**
 * Returned by the payee's bank after it was paid: the conversion undone as Nium credits the
 * wallet (what it credits back in USD, the payee's currency back out of their bank), the fee
 * refunded to the US wallet.
 */
export function niumReturnedEntries(usd: WalletAccounts, foreign: Partial<WalletAccounts>, money: AbroadMoney): LedgerEntryInput[] {
  return nonZero([
    { account_id: foreign.outside_bank!.id, amount: -money.destination },
    { account_id: foreign.fx_clearing!.id, amount: money.destination },
    { account_id: usd.fx_clearing.id, amount: -money.source },
    { account_id: usd.nium_available.id, amount: money.source },
    { account_id: usd.fees.id, amount: -money.fee },
    { account_id: usd.wallet_available.id, amount: money.fee },
  ]);
}

/** Funding the Nium wallet from the US wallet: sent (available -> funding), landed (funding -> Nium available), or failed (back). */
export function niumFundingEntries(usd: WalletAccounts, step: 'sent' | 'landed' | 'failed', amount: number): LedgerEntryInput[] {
  const [from, to] =
    step === 'sent'
      ? [usd.wallet_available, usd.nium_funding]
      : step === 'landed'
        ? [usd.nium_funding, usd.nium_available]
        : [usd.nium_funding, usd.wallet_available];
  return [
    { account_id: from.id, amount: -amount },
    { account_id: to.id, amount },
  ];
}

/**
 * A payment abroad that waited for its payee's details was held in the US wallet: starting it
 * through Nium moves the hold of its dollars to the Nium wallet (the fee stays held in the US wallet).
 */
export function niumHoldMovedEntries(usd: WalletAccounts, amount: number): LedgerEntryInput[] {
  return [
    { account_id: usd.wallet_held.id, amount: -amount },
    { account_id: usd.wallet_available.id, amount },
    { account_id: usd.nium_available.id, amount: -amount },
    { account_id: usd.nium_held.id, amount },
  ];
}

/**
 * Tax withheld from a payee's payment (backup withholding): the organisation owes it to the IRS,
 * so it leaves what the wallet can spend for tax owed (a liability), never income. Released: the
 * payment failed or was returned, so nothing was paid and nothing is owed.
 */
export function taxWithheldEntries(a: WalletAccounts, step: 'withheld' | 'released', amount: number): LedgerEntryInput[] {
  const sign = step === 'withheld' ? 1 : -1;
  return nonZero([
    { account_id: a.wallet_available.id, amount: -sign * amount },
    { account_id: a.tax_owed.id, amount: sign * amount },
  ]);
}
