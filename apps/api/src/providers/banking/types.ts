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
  createFinancialAccount(options: { org_id: string; idempotency_key: string }): Promise<ProviderFinancialAccount>;
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
};
