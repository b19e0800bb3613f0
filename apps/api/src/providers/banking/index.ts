import type { AppDeps } from '../../deps.ts';
import { createSandboxBanking } from './sandbox.ts';
import { createStripeTreasury } from './stripe-treasury.ts';
import type { BankingProvider } from './types.ts';

export type { OnboardingSubmission, OwnerSubmission, ProviderAccountState, ProviderMoneyMovement, ProviderSetupIntent } from './types.ts';
export { simulateSandboxReceivedCredit } from './sandbox-received-credit.ts';
// The sandbox bank's own pieces the sandbox tools and its events use: its ids and its micro-deposit check.
export { IDENTITY_DOCUMENT, providerId } from './sandbox.ts';
export { giveSandboxIdentityDocument, openSandboxOnboardingLink } from './sandbox-onboarding.ts';
export { findPendingVerification, verifyDescriptorCode, type VerificationResult } from './sandbox-verification.ts';

/** The configured banking provider: the sandbox, or Stripe Treasury when SANDBOX=false. */
export function bankingProvider(deps: Pick<AppDeps, 'config' | 'db' | 'secrets' | 'kernel'>): BankingProvider {
  return deps.config.isSandbox ? createSandboxBanking(deps) : createStripeTreasury(deps);
}
