/** Our own references, carried on the provider's charge and in its events (Stripe's metadata). */
export type ChargeMetadata = { charge_id: string; invoice_id: string };
export type ProviderCharge = { provider_id: string; status: 'processing'; created_at: string };
export type CardDetails = { brand: string; last4: string };
export type LinkedBankAccount = { account_id: string; name: string; mask: string; account_number: string; routing_number: string };

/**
 * Card and bank payments from an invoice's payer (Stripe PaymentIntents and Plaid in the spec).
 * Calls take plain data and an idempotency key, never a transaction of ours. Charges are made
 * from the provider-calls outbox; a declined card answers a permanent ProviderCallError (as
 * Stripe's confirm does), and every outcome after that (succeeded, failed, disputed, ACH
 * returned) arrives as signed events through POST /v1/webhooks/:provider.
 */
export type PaymentsInProvider = {
  name: string;
  /** What a card token stands for (Stripe's PaymentMethod retrieve): only brand and last 4. */
  describeCard(token: string): Promise<CardDetails | null>;
  chargeCard(options: {
    org_id: string;
    amount: number;
    token: string;
    idempotency_key: string;
    metadata: ChargeMetadata;
  }): Promise<ProviderCharge>;
  debitBank(options: {
    org_id: string;
    amount: number;
    account_number: string;
    routing_number: string;
    idempotency_key: string;
    metadata: ChargeMetadata;
  }): Promise<ProviderCharge>;
  /** Plaid's /link/token/create. */
  createLinkToken(options: { client_user_id: string }): Promise<{ link_token: string }>;
  /** Plaid's /item/public_token/exchange then /auth/get for the chosen account; null when unknown. */
  exchangePublicToken(options: { public_token: string; account_id: string }): Promise<LinkedBankAccount | null>;
};
