import type { AppDeps } from '../../deps.ts';
import { createSandboxPayouts } from './sandbox.ts';
import type { PayoutsProvider } from './types.ts';

export type { PayoutDestination, PayoutRequest, PayoutsProvider, StartedPayout } from './types.ts';

/** The payout rails' provider: the sandbox until real adapters (Stripe, PayPal, Venmo, Nium) are written. */
export function payoutsProvider(deps: Pick<AppDeps, 'config' | 'db' | 'secrets'>): PayoutsProvider {
  return createSandboxPayouts(deps);
}
