/** Where a payout goes: bank numbers for stripe (ACH) and nium, an email for PayPal, a phone for Venmo. */
export type PayoutDestination =
  /** account_holder: the payee's name as the bank's ACH entry carries it (absent in destinations sealed before it was kept). */
  | {
      method: 'stripe' | 'nium';
      account_number: string;
      routing_number: string;
      account_holder?: { name: string; type: 'individual' | 'company' };
    }
  | { method: 'paypal'; paypal_email: string }
  | { method: 'venmo'; venmo_phone_number: string };

export type PayoutRequest = { payment_id: string; amount: number; destination: PayoutDestination };
/** payout_id null: the rail has not listed the payout yet (a PayPal batch still being split); its events bring the id. */
/** batch_id: the PayPal batch the payout is in, read again later while its items are not listed. */
export type StartedPayout = { payment_id: string; payout_id: string | null; batch_id?: string };

/**
 * A payout rail's provider. createPayouts starts many payouts at once (plain data, no
 * transaction of ours) and answers each payout's id, in order; the same idempotency key again
 * answers the same and starts nothing. The outcome arrives later as a provider event:
 * payout.paid, payout.failed or payout.returned (object_id = the payout id, data.payment_id = ours).
 */
export type PayoutsProvider = {
  name: string;
  createPayouts(options: { org_id: string; idempotency_key: string; payouts: PayoutRequest[] }): Promise<StartedPayout[]>;
};
