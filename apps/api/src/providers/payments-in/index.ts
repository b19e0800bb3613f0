import type { AppDeps } from '../../deps.ts';
import { createPlaidBankLink } from './plaid-client.ts';
import { createSandboxPaymentsIn } from './sandbox.ts';
import { createStripePaymentsIn } from './stripe-payments-in.ts';
import type { PaymentsInProvider } from './types.ts';

export type { CardDetails, ChargeMetadata, LinkedBankAccount, PaymentsInProvider, ProviderCharge } from './types.ts';
export { createSandboxPublicToken, tokeniseSandboxCard } from './sandbox.ts';
export { SANDBOX_BANK_PASSWORD, SANDBOX_BANK_USERNAME, sandboxBankAccounts, sandboxInstitutions, sandboxTestCards } from './test-cards.ts';

/**
 * The configured card and bank payments provider: the sandbox, or when SANDBOX=false Stripe, which
 * charges the card or debits the bank, and Plaid, which links the bank and gives its numbers.
 */
export function paymentsInProvider(deps: AppDeps): PaymentsInProvider {
  return deps.config.isSandbox
    ? createSandboxPaymentsIn(deps)
    : { ...createStripePaymentsIn(deps.config.providers.stripe), ...createPlaidBankLink(deps.config.providers.plaid) };
}
