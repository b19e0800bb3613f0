import type { Tx } from '../../db/client.ts';

export type PayoutRail = 'stripe' | 'paypal' | 'venmo' | 'nium';

/** Where a payout goes: bank numbers for stripe (ACH) and nium, an email for PayPal, a phone for Venmo. */
export type PayoutDestination =
  | { method: 'stripe' | 'nium'; account_number: string; routing_number: string }
  | { method: 'paypal'; paypal_email: string }
  | { method: 'venmo'; venmo_phone_number: string };

export type PayoutRequest = { org_id: string; payment_id: string; amount: number; destination: PayoutDestination };

/**
 * A payout rail's provider. createPayouts starts many payouts at once (inside the caller's
 * transaction) and answers each payout's provider id, in order; the outcome arrives later as a
 * provider event: payout.paid, payout.failed or payout.returned (object_id = the payout id).
 */
export type PayoutsProvider = {
  name: string;
  createPayouts(tx: Tx, requests: PayoutRequest[], now: Date): Promise<string[]>;
};
