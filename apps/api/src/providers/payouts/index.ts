import type { AppDeps } from '../../deps.ts';
import { createLivePayouts } from './live-payouts.ts';
import { createSandboxPayouts } from './sandbox.ts';
import { sandboxNow } from '../../lib/clock.ts';
import { createNiumPayouts, type NiumAccountResolver, type NiumPayouts } from './nium-payouts.ts';
import { createSandboxNiumPayouts } from './nium-sandbox.ts';
import type { PayoutsProvider } from './types.ts';

export { readPaypalBatch } from './paypal-payouts.ts';
export { PAYPAL_PROVIDER } from '../clients/paypal-client.ts';
export type { PayoutDestination, StartedPayout } from './types.ts';
export type { FxQuote, StartedTransfer } from './types.ts';
export type { NiumPayouts } from './nium-payouts.ts';
export { niumClient, NIUM_PROVIDER, type NiumAccount } from '../clients/nium-client.ts';

/** The payout rails' provider: the sandbox, or the real rails when SANDBOX=false (PayPal and Venmo, or a bank through Stripe Treasury). */
export function payoutsProvider(deps: Pick<AppDeps, 'config' | 'db' | 'secrets' | 'kernel'>): PayoutsProvider {
  return deps.config.isSandbox ? createSandboxPayouts(deps) : createLivePayouts(deps);
}

/**
 * Payouts abroad through Nium: the sandbox, or Nium itself when SANDBOX=false, paying from the
 * organisation's Nium wallet that `accountOf` names. A quote's lock is judged on the process's
 * clock (sandboxNow: the real time outside the sandbox, unless a test moved it with the fake's).
 */
export function niumPayouts(
  deps: Pick<AppDeps, 'config' | 'db' | 'secrets' | 'kernel'>,
  options: { accountOf: NiumAccountResolver },
): NiumPayouts {
  if (deps.config.isSandbox) return createSandboxNiumPayouts(deps);
  return createNiumPayouts(deps.config.providers.nium, { ...options, now: async () => (await sandboxNow(deps.db)).getTime() });
}
