import { randomBytes } from 'node:crypto';
import type { FakeAnswer } from './http-fake.ts';
import { sandboxUsdSettlement } from '@crewpay/core';
import { stripeFeeOf } from './stripe-payments-data.ts';

export type Json = Record<string, unknown>;
export type StripeError = (status: number, error: Json) => FakeAnswer;
/** Queues an event as Stripe would send it; `account` set for events of a connected account (Connect endpoint). */
export type Emit = (type: string, object: Json, account?: string) => void;

export const fakeId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
export const unixNow = () => Math.floor(Date.now() / 1000);
export const view = (object: Json) => {
  const { account: _account, internal: _internal, ...rest } = object;
  return structuredClone(rest);
};

/** A charge on a connected account (direct charge): what it took, what was refunded, its application fee. */
export type FakeCharge = Json & {
  id: string;
  account: string | undefined;
  amount: number;
  amount_refunded: number;
  payment_intent: string;
  application_fee: string | null;
  disputed: boolean;
  method_type: 'card' | 'us_bank_account';
  refund_fails: boolean;
};
type FakeApplicationFee = Json & {
  id: string;
  account: string | undefined;
  amount: number;
  amount_refunded: number;
  charge: string;
  /** What the fee is worth in USD, the platform's settlement currency (the amount itself when the charge was in USD). */
  internal: { settled_usd: number };
};
/** Stripe's BalanceTransaction of a charge: what it settled in USD (amount), at which exchange_rate, less which fees. */
type FakeBalanceTransaction = Json & { id: string; account: string | undefined; amount: number; fee: number; net: number };

/** A charge's money in USD, as Stripe settles a US account (the fake's rates: core's sandboxUsdSettlement). */
export function settlementOf(currency: string, amount: number, fee: number) {
  const settled = sandboxUsdSettlement(currency, { amount, fee });
  return settled
    ? { amount: settled.settled_usd, fee: settled.settled_fee_usd, rate: Number(settled.exchange_rate) }
    : { amount, fee, rate: null };
}

/**
 * The money side of the payments fake: each account's payments balance (pending, then available
 * when the funds clear), the platform's application fees (Crewpay's invoice fee) and the Stripe
 * processing fees the platform pays (controller.fees.payer = application, else the connected
 * account pays them), charges, and the events of money moving.
 */
export function createMoney(emit: Emit, options: { feesPayerOf: (account: string | undefined) => string | undefined }) {
  const balances = new Map<string, { available: number; pending: number }>();
  const charges = new Map<string, FakeCharge>();
  const applicationFees = new Map<string, FakeApplicationFee>();
  const balanceTransactions = new Map<string, FakeBalanceTransaction>();
  const platform = { stripe_fees: 0 };
  const PLATFORM = 'platform';

  const balanceOf = (account: string | undefined) => {
    const key = account ?? PLATFORM;
    let balance = balances.get(key);
    if (!balance) balances.set(key, (balance = { available: 0, pending: 0 }));
    return balance;
  };

  /** A payment that succeeded: the charge, the amount less the application fee into the account's pending balance, the fee to the platform. */
  function capture(intent: Json, method: { type: 'card' | 'us_bank_account'; refund_fails?: boolean }): FakeCharge {
    const account = intent.account as string | undefined;
    const amount = intent.amount as number;
    const feeAmount = Number(intent.application_fee_amount ?? 0);
    const currency = String(intent.currency ?? 'usd');
    const settled = settlementOf(currency, amount, feeAmount);
    const stripeFee = stripeFeeOf(method.type, settled.amount);
    const accountPaysStripe = options.feesPayerOf(account) !== 'application';
    const transaction: FakeBalanceTransaction = {
      id: fakeId('txn'),
      object: 'balance_transaction',
      account,
      amount: settled.amount,
      available_on: unixNow() + 2 * 86_400,
      balance_type: 'payments',
      created: unixNow(),
      currency: 'usd',
      description: null,
      exchange_rate: settled.rate,
      fee: settled.fee + (accountPaysStripe ? stripeFee : 0),
      fee_details: [
        ...(settled.fee > 0
          ? [{ amount: settled.fee, application: 'ca_crewpay', currency: 'usd', description: 'Application fee', type: 'application_fee' }]
          : []),
        ...(accountPaysStripe
          ? [{ amount: stripeFee, application: null, currency: 'usd', description: 'Stripe processing fees', type: 'stripe_fee' }]
          : []),
      ],
      net: 0,
      reporting_category: 'charge',
      source: intent.latest_charge as string,
      status: 'pending',
      type: 'charge',
    };
    transaction.net = transaction.amount - transaction.fee;
    balanceTransactions.set(transaction.id, transaction);
    const charge: FakeCharge = {
      id: intent.latest_charge as string,
      object: 'charge',
      account,
      amount,
      amount_captured: amount,
      amount_refunded: 0,
      currency,
      balance_transaction: transaction.id,
      created: unixNow(),
      paid: true,
      refunded: false,
      disputed: false,
      status: 'succeeded',
      payment_intent: intent.id as string,
      metadata: intent.metadata,
      application_fee: null,
      application_fee_amount: feeAmount || null,
      method_type: method.type,
      refund_fails: method.refund_fails ?? false,
      payment_method_details: { type: method.type },
    };
    charges.set(charge.id, charge);
    balanceOf(account).pending += settled.amount - settled.fee;
    payStripeFee(account, stripeFee);
    if (feeAmount > 0) {
      const fee: FakeApplicationFee = {
        id: fakeId('fee'),
        object: 'application_fee',
        account,
        amount: feeAmount,
        amount_refunded: 0,
        charge: charge.id,
        currency,
        created: unixNow(),
        refunded: false,
        internal: { settled_usd: settled.fee },
      };
      applicationFees.set(fee.id, fee);
      charge.application_fee = fee.id;
      emit('application_fee.created', view(fee));
    }
    return charge;
  }

  /** Stripe's own fee (processing, a dispute): the platform's when it pays the account's fees, else the account's. */
  function payStripeFee(account: string | undefined, amount: number) {
    if (options.feesPayerOf(account) === 'application') platform.stripe_fees += amount;
    else balanceOf(account).available -= amount;
  }

  /** Money leaving or re-entering a connected account's payments balance (a refund, a dispute); it may go below zero. */
  const move = (account: string | undefined, amount: number) => (balanceOf(account).available += amount);

  /** The platform gives back part of its application fee: into the connected account's balance. */
  function refundApplicationFee(fee: FakeApplicationFee, amount: number) {
    fee.amount_refunded += amount;
    fee.refunded = fee.amount_refunded === fee.amount;
    // A fee in another currency was settled in USD: its share of those dollars goes back.
    move(fee.account, fee.currency === 'usd' ? amount : Math.round((fee.internal.settled_usd * amount) / fee.amount));
    emit('application_fee.refunded', view(fee));
  }

  /** Time passes: the pending funds of every account clear (available_on reached). */
  function clearPending() {
    for (const balance of balances.values()) {
      balance.available += balance.pending;
      balance.pending = 0;
    }
  }

  return {
    balances,
    charges,
    applicationFees,
    balanceTransactions,
    platform,
    balanceOf,
    capture,
    move,
    payStripeFee,
    refundApplicationFee,
    clearPending,
    /** What the platform holds of application fees (collected less refunded), for one connected account or all. */
    applicationFeesOf(account?: string) {
      let total = 0;
      for (const fee of applicationFees.values()) {
        if (account && fee.account !== account) continue;
        // A fee in another currency counts the USD it settled at, less the share of it given back (a lost dispute).
        total +=
          fee.currency === 'usd'
            ? fee.amount - fee.amount_refunded
            : fee.internal.settled_usd - Math.round((fee.internal.settled_usd * fee.amount_refunded) / fee.amount);
      }
      return total;
    },
  };
}

export type Money = ReturnType<typeof createMoney>;
