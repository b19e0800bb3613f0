import type { AppDeps } from '../../deps.ts';
import { createLivePayouts } from './live-payouts.ts';
import { createSandboxPayouts } from './sandbox.ts';
import type { PayoutsProvider } from './types.ts';

export { readPaypalBatch, type PaypalBatchRead } from './paypal-payouts.ts';
export { PAYPAL_PROVIDER } from '../clients/paypal-client.ts';
export type { PayoutDestination, PayoutRequest, PayoutsProvider, StartedPayout } from './types.ts';

/** The payout rails' provider: the sandbox, or the real rails when SANDBOX=false (PayPal and Venmo, or a bank through Stripe Treasury). */
export function payoutsProvider(deps: Pick<AppDeps, 'config' | 'db' | 'secrets'>): PayoutsProvider {
  return deps.config.isSandbox ? createSandboxPayouts(deps) : createLivePayouts(deps);
}
