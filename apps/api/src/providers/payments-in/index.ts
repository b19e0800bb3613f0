import type { AppDeps } from '../../deps.ts';
import { liveAdapters } from '../live/index.ts';
import { createSandboxPaymentsIn } from './sandbox.ts';
import type { PaymentsInProvider } from './types.ts';

export type { CardDetails, ChargeMetadata, LinkedBankAccount, PaymentsInProvider, ProviderCharge } from './types.ts';
export { createSandboxPublicToken, tokeniseSandboxCard } from './sandbox.ts';
export { SANDBOX_BANK_PASSWORD, SANDBOX_BANK_USERNAME, sandboxBankAccounts, sandboxInstitutions, sandboxTestCards } from './test-cards.ts';

/** The configured card and bank payments provider: the sandbox, or Stripe when SANDBOX=false (providers/live). */
export function paymentsInProvider(deps: AppDeps): PaymentsInProvider {
  return deps.config.isSandbox ? createSandboxPaymentsIn(deps) : liveAdapters.paymentsIn(deps.config);
}
