export type ProviderFinancialAccount = { provider_account_id: string; account_number: string; routing_number: string };
export type ProviderSetupIntent = { setup_intent_id: string; bank_name: string; status: 'requires_action' };
/** created_at: ISO time on the provider's clock. */
export type ProviderMoneyMovement = { provider_id: string; status: 'processing'; created_at: string };

/** Our own reference, carried on the provider's object and in its events (Stripe's metadata). */
export type MovementMetadata = { treasury_transaction_id: string };

/**
 * The banking capability (Stripe Treasury in the spec). Calls take plain data and an idempotency
 * key (the same key again answers the same and does nothing twice), never a transaction of
 * ours: creations a person waits for are called before our transaction, money movements from
 * the provider-calls outbox after it. What happens next (settled, failed, returned, verified)
 * arrives as signed events through POST /v1/webhooks/:provider.
 */
export type BankingProvider = {
  name: string;
  createFinancialAccount(options: { org_id: string; idempotency_key: string }): Promise<ProviderFinancialAccount>;
  /** Attaches an outside bank; the bank sends micro-deposits whose descriptor code verifies it. */
  createSetupIntent(options: {
    org_id: string;
    account_number: string;
    routing_number: string;
    notify_email: string | null;
    idempotency_key: string;
  }): Promise<ProviderSetupIntent>;
  hostedVerificationUrl(setupIntentId: string): string;
  /** Pulls money from a verified bank into the wallet (ACH debit). */
  createInboundTransfer(options: {
    org_id: string;
    amount: number;
    account_number: string;
    idempotency_key: string;
    metadata: MovementMetadata;
  }): Promise<ProviderMoneyMovement>;
  /** Sends money from the wallet to a bank account (outbound ACH). */
  createOutboundPayment(options: {
    org_id: string;
    amount: number;
    account_number: string;
    idempotency_key: string;
    metadata: MovementMetadata;
  }): Promise<ProviderMoneyMovement>;
};
