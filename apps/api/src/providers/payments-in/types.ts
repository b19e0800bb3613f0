/** Our own references, carried on the provider's charge and in its events (Stripe's metadata). */
export type ChargeMetadata = { charge_id: string; invoice_id: string };
export type RefundMetadata = ChargeMetadata & { refund_id: string };

/**
 * What the payer still has to do before the charge can go on: 3-D Secure in the card issuer's
 * page (Stripe.js's handleNextAction with the client secret), or the micro-deposits of a bank
 * account typed by hand (Stripe's hosted verification page). Neither is a failure.
 */
export type ChargeAction = { type: 'authenticate' | 'verify_bank'; client_secret: string; url: string | null };
export type ProviderCharge = {
  provider_id: string;
  status: 'processing' | 'requires_action';
  action: ChargeAction | null;
  created_at: string;
};
export type CardDetails = { brand: string; last4: string };
/**
 * What a charge waiting for its payer is once a cancel was asked: canceled (no money moved), gone
 * on meanwhile (the payer finished 3-D Secure or the micro-deposits first: it is never canceled,
 * its outcome comes as usual), or failed meanwhile (with the provider's reason).
 */
export type CanceledCharge = { outcome: 'canceled' | 'going_on' | 'failed'; reason: string | null };

/** The bank a debit is drawn on: an account the payer linked at their bank (Financial Connections), or, in the sandbox, its numbers. */
export type BankSource =
  | { kind: 'financial_connections'; account: string; customer: string }
  | { kind: 'numbers'; account_number: string; routing_number: string };
export type LinkedBank = { label: string; source: BankSource };

/** The payer's authorisation of an ACH debit, accepted online on the pay page (NACHA's mandate). */
export type Mandate = { ip_address: string; user_agent: string; accepted_at: string };

/**
 * Where the charge is made: the organisation's own connected account (Stripe direct charges),
 * null in the sandbox, which keeps no accounts.
 */
type OnAccount = { org_id: string; account: string | null };
/** amount and fee in minor units of `currency` (lower case ISO 4217; USD when absent). */
type Money = { amount: number; fee: number; currency?: string; idempotency_key: string };

/**
 * Card and bank payments from an invoice's payer, for the organisation (docs/money-flows.md:
 * charged on its connected account, Crewpay's fee as an application fee). Calls take plain
 * data and an idempotency key, never a transaction of ours. Charges are made from the
 * provider-calls outbox; a declined card answers a permanent ProviderCallError (as Stripe's
 * confirm does); a charge that needs the payer first answers its action; every outcome after
 * that (succeeded, failed, refunds, disputes, ACH returns) arrives as signed events through
 * POST /v1/webhooks/:provider.
 */
export type PaymentsInProvider = {
  name: string;
  /** What a card token stands for (Stripe's PaymentMethod retrieve): only brand and last 4. */
  describeCard(options: OnAccount & { token: string }): Promise<CardDetails | null>;
  chargeCard(options: OnAccount & Money & { token: string; metadata: ChargeMetadata }): Promise<ProviderCharge>;
  /**
   * The charge made for our charge id since `since` (unix seconds), when an answer was lost: as
   * chargeCard or debitBank would have answered it (a refused one throws its reason), or null.
   * Only providers whose answers can be lost have it (the sandbox answers in the same database).
   */
  findCharge?(options: OnAccount & { charge_id: string; since: number }): Promise<ProviderCharge | null>;
  debitBank(
    options: OnAccount &
      Money & { source: BankSource; payer: { name: string; email: string | null }; mandate: Mandate; metadata: ChargeMetadata },
  ): Promise<ProviderCharge>;
  /**
   * Cancels a charge left waiting for its payer (3-D Secure never answered, micro-deposits never
   * verified; Stripe's cancel with cancellation_reason abandoned). A charge past that point (it
   * succeeded or is processing) is not canceled: the provider refuses, and it is read to answer
   * what it is now.
   */
  cancelCharge(options: OnAccount & { provider_charge_id: string; idempotency_key: string }): Promise<CanceledCharge>;
  /** What a charge is now, read after a cancel whose answer was lost; null while it still waits for the payer (not canceled). */
  chargeAfterCancel?(options: OnAccount & { provider_charge_id: string }): Promise<CanceledCharge | null>;
  /** Opens the payer's bank login for this invoice's customer: a token for the page's bank link. */
  createBankLink(options: OnAccount & { customer: { id: string; name: string; email: string } }): Promise<{ token: string }>;
  /** The account the payer linked with that token; null when the token or account is not (or no longer) good. */
  linkedBank(options: OnAccount & { token: string; account_id: string }): Promise<LinkedBank | null>;
  /** Where the account's payouts go: its own financial account (the wallet), set once, idempotent. */
  payOutToWallet(options: OnAccount & { account_number: string; routing_number: string }): Promise<void>;
  /** Gives back part or all of a payment, and Crewpay's fee share of it. */
  refund(
    options: OnAccount & Money & { provider_charge_id: string; reason: string | null; metadata: RefundMetadata },
  ): Promise<{ provider_id: string }>;
  /** Gives Crewpay's application fee back (a lost dispute). */
  refundFee(options: OnAccount & { provider_charge_id: string; amount: number; idempotency_key: string }): Promise<void>;
  /**
   * The refund made for ours (refund_id in its metadata) when the answer was lost, as refund
   * would have answered it (a failed one throws its reason), or null. Only providers whose
   * answers can be lost have it, as findCharge.
   */
  findRefund?(options: OnAccount & { provider_charge_id: string; refund_id: string }): Promise<{ provider_id: string } | null>;
  /** Whether the fee refund made under this key exists (its metadata), when the answer was lost. */
  findFeeRefund?(options: OnAccount & { provider_charge_id: string; idempotency_key: string }): Promise<boolean>;
};
