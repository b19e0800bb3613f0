import type { AppDeps } from '../../deps.ts';
import { liveAdapters } from '../live/index.ts';
import { createSandboxBanking } from './sandbox.ts';
import type { BankingProvider } from './types.ts';

export type { BankingProvider, MovementMetadata, ProviderMoneyMovement } from './types.ts';
export { simulateSandboxReceivedCredit } from './sandbox-received-credit.ts';

/** The configured banking provider: the sandbox, or Stripe Treasury when SANDBOX=false (providers/live). */
export function bankingProvider(deps: Pick<AppDeps, 'config' | 'jobs' | 'db' | 'secrets'>): BankingProvider {
  return deps.config.isSandbox ? createSandboxBanking(deps) : liveAdapters.banking(deps);
}
