/**
 * A financial account as opened. A real provider may hold it on an account of its own for the
 * organisation (Stripe: a connected account), and may give its numbers only once its address
 * feature is active: then they are null here and arrive later as the
 * treasury.financial_account.address_ready event.
 */
export type ProviderFinancialAccount = {
  provider_account_id: string;
  connected_account_id: string | null;
  account_number: string | null;
  routing_number: string | null;
};
/**
 * hosted_verification_url: the provider's page where the account holder enters the descriptor
 * code. descriptor_code: the code itself when the provider tells it (the sandbox bank); null when
 * only the holder's bank statement shows it (Stripe: 6 characters starting with SM).
 */
export type ProviderSetupIntent = {
  setup_intent_id: string;
  bank_name: string;
  status: 'requires_action';
  hosted_verification_url: string;
  descriptor_code: string | null;
};
/** created_at: ISO time on the provider's clock. */
export type ProviderMoneyMovement = { provider_id: string; status: 'processing'; created_at: string };

/** What the provider still needs of an organisation's account before its wallet can be used. */
export type ProviderAccountState = {
  requirements: { requirement: string; past_due: boolean; error_code: string | null }[];
  pending_verification: string[];
  disabled_reason: string | null;
  treasury_status: 'active' | 'pending' | 'inactive';
  /** The provider's time of this state (seconds): an older report changes nothing. */
  state_at: number;
};

type Address = { line1: string; line2: string; city: string; state: string; postal_code: string };
/** Acceptance of terms as the provider records it: when, from which address, with which browser. */
export type TermsAcceptance = { accepted_at: Date; ip: string; user_agent: string };

/** What Crewpay collects at activation and submits for the organisation (the platform collects the requirements). */
export type OnboardingSubmission = {
  business: { name: string; tax_id: string; phone: string; product_description: string; address: Address };
  representative: {
    first_name: string;
    last_name: string;
    title: string;
    email: string;
    phone: string;
    dob: string;
    id_number: string;
    address: Address;
  };
  /** The provider's services agreement, accepted with the representative's terms box. */
  terms: TermsAcceptance;
  /** The financial account's own agreement (the partner bank's), accepted with the business. */
  financial_account_terms: TermsAcceptance;
  /** Whether the owner attested that every owner of 25% or more was given (then sent as company.owners_provided). */
  owners_provided: boolean;
};

/** A beneficial owner as submitted: our id (`key`), the provider's Person once made, and what the owner gave. */
export type OwnerSubmission = {
  key: string;
  person_id: string | null;
  first_name: string;
  last_name: string;
  title: string;
  email: string;
  dob: string;
  percent_ownership: number;
  address: Address;
};

/**
 * The organisation's money at the provider, in cents: what its financial account holds and what is
 * on its way in or out, its payments balance (invoice payments before their payout, pending and
 * available together; below zero when a dispute took more than it held), and its payouts of that
 * balance on their way to the financial account (in_transit).
 */
export type ProviderBalance = { cash: number; inbound_pending: number; outbound_pending: number; payments: number; in_transit: number };

/** Our own reference, carried on the provider's object and in its events (Stripe's metadata). */
export type MovementMetadata = { treasury_transaction_id: string };

/**
 * The banking capability (Stripe Treasury in the spec). Calls take plain data and an idempotency
 * key (the same key again answers the same and does nothing twice), never a transaction of
 * ours: creations a person waits for are called before our transaction, money movements from
 * the provider-calls outbox after it. What happens next (settled, failed, returned, verified,
 * money received) arrives as signed events through POST /v1/webhooks/:provider.
 */
export type BankingProvider = {
  name: string;
  /** The organisation's account at the provider (a connected account); its id is stored before anything else is asked. */
  createAccountHolder(options: { org_id: string; idempotency_key: string }): Promise<{ account_id: string }>;
  /** Submits what the activation screens collected; answers what the provider still needs. */
  submitOnboarding(options: {
    org_id: string;
    account_id: string;
    submission: OnboardingSubmission;
    idempotency_key: string;
  }): Promise<ProviderAccountState>;
  /**
   * The business's beneficial owners, each an owner Person with its percentage (made once, updated
   * after), then the attestation that all are given (company.owners_provided). Each request has its
   * own key derived from `idempotency_key`. Answers the Persons by our key and what is still due.
   */
  submitOwners(options: {
    org_id: string;
    account_id: string;
    owners: OwnerSubmission[];
    idempotency_key: string;
  }): Promise<{ persons: Record<string, string>; state: ProviderAccountState }>;
  /** The provider's own page where the owner gives what only it can collect (an identity document); null when there is none. */
  onboardingLink(options: { account_id: string; return_url: string }): Promise<string | null>;
  /** Opens the wallet on the organisation's account; an account already holding one answers that one. */
  createFinancialAccount(options: { org_id: string; account_id: string; idempotency_key: string }): Promise<ProviderFinancialAccount>;
  /** Attaches an outside bank; the bank sends micro-deposits whose descriptor code verifies it (the treasury module emails the holder). */
  createSetupIntent(options: {
    org_id: string;
    bank_link_id: string;
    account_number: string;
    routing_number: string;
    account_holder_name: string;
    idempotency_key: string;
  }): Promise<ProviderSetupIntent>;
  /**
   * The verification page of a setup intent when it can be told from its id alone (the
   * sandbox's); null for a provider whose page is only known from its answer (Stripe), which
   * the bank link stores.
   */
  hostedVerificationUrl(setupIntentId: string): string | null;
  /** Pulls money from a verified bank into the wallet (ACH debit of the verified payment method). */
  createInboundTransfer(options: {
    org_id: string;
    amount: number;
    account_number: string;
    payment_method_id: string | null;
    idempotency_key: string;
    metadata: MovementMetadata;
  }): Promise<ProviderMoneyMovement>;
  /** Sends money from the wallet to a bank account (outbound ACH). */
  createOutboundPayment(options: {
    org_id: string;
    amount: number;
    account_number: string;
    routing_number: string | null;
    account_holder_name: string | null;
    description: string;
    idempotency_key: string;
    metadata: MovementMetadata;
  }): Promise<ProviderMoneyMovement>;
  /**
   * Moves Crewpay's fee between the organisation's financial account and the platform's:
   * `collect` takes it to the platform, `refund` gives it back. Answers the provider's id.
   */
  moveFee(options: {
    org_id: string;
    direction: 'collect' | 'refund';
    amount: number;
    description: string;
    idempotency_key: string;
  }): Promise<{ provider_id: string }>;
  /**
   * The movement made for our transaction (its metadata) since `since` (unix seconds), when the
   * answer to its creation was lost: as createInboundTransfer / createOutboundPayment would have
   * answered it (one already failed throws its reason), or null. Only providers whose answers can
   * be lost have it (the sandbox answers in the same database).
   */
  findMovement?(options: {
    org_id: string;
    kind: 'inbound_transfer' | 'outbound_payment';
    metadata: MovementMetadata;
    since: number;
  }): Promise<ProviderMoneyMovement | null>;
  /** The fee movement made under this key (its metadata) since `since`, when its answer was lost; null when there is none. */
  findFee?(options: {
    org_id: string;
    direction: 'collect' | 'refund';
    idempotency_key: string;
    since: number;
  }): Promise<{ provider_id: string } | null>;
  /** The financial account's balance at the provider; null for a provider whose balance is the ledger itself (the sandbox). */
  balanceOf(org_id: string): Promise<ProviderBalance | null>;
  /** The provider's status of a money movement (ibt_..., obp_...), for the reconciliation of old processing ones. */
  movementStatus(options: { org_id: string; provider_id: string }): Promise<string | null>;
};
