import { randomBytes } from 'node:crypto';
import type { FakeAnswer } from './http-fake.ts';
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
};

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
    const charge: FakeCharge = {
      id: intent.latest_charge as string,
      object: 'charge',
      account,
      amount,
      amount_captured: amount,
      amount_refunded: 0,
      currency: 'usd',
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
    balanceOf(account).pending += amount - feeAmount;
    payStripeFee(account, stripeFeeOf(method.type, amount));
    if (feeAmount > 0) {
      const fee: FakeApplicationFee = {
        id: fakeId('fee'),
        object: 'application_fee',
        account,
        amount: feeAmount,
        amount_refunded: 0,
        charge: charge.id,
        currency: 'usd',
        created: unixNow(),
        refunded: false,
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
    move(fee.account, amount);
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
      for (const fee of applicationFees.values()) if (!account || fee.account === account) total += fee.amount - fee.amount_refunded;
      return total;
    },
  };
}

export type Money = ReturnType<typeof createMoney>;
