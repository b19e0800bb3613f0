/** Where a payout goes: bank numbers for stripe (ACH) and nium, an email for PayPal, a phone for Venmo. */
export type PayoutDestination =
  /** account_holder: the payee's name as the bank's ACH entry carries it (absent in destinations sealed before it was kept). */
  | {
      method: 'stripe';
      account_number: string;
      routing_number: string;
      account_holder?: { name: string; type: 'individual' | 'company' };
    }
  /** A payee abroad (payees_abroad row): paid from the Nium wallet in `currency`, to the beneficiary of those details. */
  | { method: 'nium'; payee_abroad_id: string; country: string; currency: string }
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
  /**
   * The payouts of a call whose answer was lost (a 5xx or timeout on its last try), found by our
   * ids at the rails, answered as createPayouts would have; null when the rails have none of them.
   * Only rails whose answers can be lost have it (the sandbox answers in the same database).
   */
  findPayouts?(options: { org_id: string; idempotency_key: string; payouts: PayoutRequest[] }): Promise<StartedPayout[] | null>;
} & FxPayoutsMethods;

// ---- Payouts abroad in the payee's currency (Nium): additions, each optional on a provider. ----

/** An FX quote for a payout: units of `destination_currency` per unit of `source_currency`, locked until `expires_at`. */
export type FxQuote = {
  quote_id: string;
  source_currency: string;
  destination_currency: string;
  /** The rate the payout converts at, the rail's markup taken off (a decimal text, never a float). */
  rate: string;
  /** The market rate before the markup, for showing what the conversion costs. */
  market_rate: string;
  /** Minor units of each side when the quote was asked for an amount; null when it was asked for a rate only. */
  source_amount: number | null;
  destination_amount: number | null;
  /** The rail's fee in minor units of the source currency, taken from the wallet beside the amount (Nium: 0, its markup is in the rate). */
  fee: number;
  expires_at: string;
};

export type FxQuoteRequest = {
  org_id: string;
  source_currency: string;
  destination_currency: string;
} & ({ source_amount: number } | { destination_amount: number } | object);

/**
 * A payee's bank details for a corridor (packages/core corridors.ts): `fields` are the method's
 * fields, checked and normalized with checkCorridorFields / normalizeCorridorFields.
 */
export type BeneficiaryInput = {
  org_id: string;
  payee_id: string;
  country: string;
  currency: string;
  method: 'bank_account' | 'pix';
  account_holder_type: 'individual' | 'company';
  email?: string;
  fields: Record<string, string>;
};
/** beneficiary_id: the rail's payee (Nium's beneficiaryHashId); payout_method_id: its payout method (payoutHashId). */
export type CreatedBeneficiary = { beneficiary_id: string; payout_method_id: string };

export type TransferRequest = {
  org_id: string;
  payment_id: string;
  /** The outbox's key: the same key and payment again pays nothing new (the rail's dedupe). */
  idempotency_key: string;
  beneficiary_id: string;
  source_currency: string;
  destination_currency: string;
  /** What is fixed: the amount taken from the wallet, or the amount the payee receives (minor units). */
  amount: { source: number } | { destination: number };
  /** A locked quote: the transfer converts at its rate or is refused (quote_expired), never at another. */
  quote_id?: string;
  /** Shown to the payee where the corridor carries it. */
  memo: string;
};

/** Where a payment abroad is, in our words (the rail's own status beside it). */
export type TransferStatus =
  | 'initiated'
  | 'rfi_requested'
  | 'rfi_responded'
  | 'compliance_completed'
  | 'sent_to_bank'
  | 'paid'
  | 'returned'
  | 'rejected'
  | 'expired'
  | 'failed'
  | 'cancelled';

export type TransferRfi = { rfi_id: string; status: string; description: string; fields: string[] };

export type TransferState = {
  transfer_id: string;
  status: TransferStatus;
  provider_status: string;
  rfis: TransferRfi[];
  /** Every status it went through, oldest first. */
  history: { status: TransferStatus; at: string | null; detail?: string }[];
};

export type StartedTransfer = { payment_id: string; transfer_id: string; status: TransferStatus; estimated_arrival: string | null };

/**
 * A payout rail that pays abroad in the payee's currency from the organisation's multi-currency
 * wallet at the rail (Nium). Every method is additive: a provider without them pays USD only.
 * Outcomes arrive as provider events `nium.remittance.<status>` (object_id = the transfer id,
 * data.payment_id = ours), e.g. nium.remittance.paid, .returned, .rfi_requested.
 */
export type FxPayoutsMethods = {
  /** A quote to show (short lock): the rate, the fee and what the payee receives, with its expiry. */
  quote?(request: FxQuoteRequest): Promise<FxQuote>;
  /** Confirms a shown quote is still locked and answers it; a quote past its expiry is refused (ProviderCallError quote_expired). */
  lockQuote?(options: { org_id: string; quote_id: string }): Promise<FxQuote>;
  createBeneficiary?(input: BeneficiaryInput): Promise<CreatedBeneficiary>;
  transfer?(request: TransferRequest): Promise<StartedTransfer>;
  getRemittance?(options: { org_id: string; transfer_id: string }): Promise<TransferState>;
  respondRfi?(options: {
    org_id: string;
    transfer_id: string;
    answers: { rfi_id: string; info: Record<string, string> }[];
  }): Promise<TransferState>;
};
