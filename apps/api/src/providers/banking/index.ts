import type { AppDeps } from '../../deps.ts';
import { createSandboxBanking } from './sandbox.ts';
import type { BankingProvider } from './types.ts';

export type { BankingProvider, MovementMetadata, ProviderMoneyMovement } from './types.ts';

/** The configured banking provider: the sandbox (the default and, for now, the only adapter). */
export function bankingProvider(deps: Pick<AppDeps, 'config' | 'jobs' | 'db' | 'secrets'>): BankingProvider {
  return createSandboxBanking(deps);
}
