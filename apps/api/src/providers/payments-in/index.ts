import type { AppDeps } from '../../deps.ts';
import { createSandboxPaymentsIn } from './sandbox.ts';
import { createStripePaymentsIn } from './stripe-payments-in.ts';
import type { PaymentsInProvider } from './types.ts';

export type { BankSource, CanceledCharge, ChargeAction, Mandate, ProviderCharge } from './types.ts';
export { authenticateSandboxCharge } from './sandbox.ts';
export { createSandboxPublicToken, tokeniseSandboxCard } from './sandbox-bank-link.ts';
export { SANDBOX_BANK_PASSWORD, SANDBOX_BANK_USERNAME, sandboxBankAccounts, sandboxInstitutions } from './test-cards.ts';

/**
 * The configured card and bank payments provider: the sandbox, or when SANDBOX=false Stripe,
 * which charges the card or debits the bank on the organisation's connected account, the bank
 * linked through Stripe Financial Connections.
 */
export function paymentsInProvider(deps: AppDeps): PaymentsInProvider {
  return deps.config.isSandbox ? createSandboxPaymentsIn(deps) : createStripePaymentsIn(deps);
}
