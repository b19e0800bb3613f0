import type { Tx } from '../../db/client.ts';

/** What a provider call may do after the caller's transaction commits (send an email, a job). */
export type ProviderCallContext = { tx: Tx; afterCommit: (task: () => Promise<void>) => void };

export type ProviderFinancialAccount = { provider_account_id: string; account_number: string; routing_number: string };
export type ProviderSetupIntent = { setup_intent_id: string; bank_name: string; status: 'requires_action' };
export type ProviderMoneyMovement = { provider_id: string; status: 'processing' | 'succeeded'; created_at: Date };

/**
 * The banking capability (Stripe Treasury in the spec). Calls start things; what happens next
 * (settled, failed, returned, verified) arrives later as provider events, which the one event
 * handler applies to our records and the ledger.
 */
export type BankingProvider = {
  name: 'sandbox';
  now(ctx: Pick<ProviderCallContext, 'tx'>): Promise<Date>;
  createFinancialAccount(ctx: ProviderCallContext, options: { org_id: string }): Promise<ProviderFinancialAccount>;
  /** Attaches an outside bank; the bank sends micro-deposits whose descriptor code verifies it. */
  createSetupIntent(
    ctx: ProviderCallContext,
    options: { org_id: string; account_number: string; routing_number: string; notify_email: string | null },
  ): Promise<ProviderSetupIntent>;
  hostedVerificationUrl(setupIntentId: string): string;
  /** Pulls money from a verified bank into the wallet (ACH debit). */
  createInboundTransfer(
    ctx: ProviderCallContext,
    options: { org_id: string; amount: number; account_number: string },
  ): Promise<ProviderMoneyMovement>;
  /** Sends money from the wallet to a bank account (outbound ACH). */
  createOutboundPayment(
    ctx: ProviderCallContext,
    options: { org_id: string; amount: number; account_number: string },
  ): Promise<ProviderMoneyMovement>;
};
