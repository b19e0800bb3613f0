import type { AppDeps } from '../../deps.ts';
import { liveAdapters } from '../live/index.ts';
import { createSandboxPayouts } from './sandbox.ts';
import type { PayoutsProvider } from './types.ts';

export type { PayoutDestination, PayoutRequest, PayoutsProvider, StartedPayout } from './types.ts';

/** The payout rails' provider: the sandbox, or the real rails when SANDBOX=false (providers/live). */
export function payoutsProvider(deps: Pick<AppDeps, 'config' | 'db' | 'secrets'>): PayoutsProvider {
  return deps.config.isSandbox ? createSandboxPayouts(deps) : liveAdapters.payouts(deps);
}
