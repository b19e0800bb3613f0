import type { Config } from '../../config.ts';
import { ProviderCallError } from '../../modules/provider-calls/index.ts';
import { createPaypalPayouts } from './paypal-payouts.ts';
import type { PayoutsProvider, StartedPayout } from './types.ts';

/** The provider name live payouts are recorded under: one call may span several rails. */
export const PAYOUT_RAILS_PROVIDER = 'payout-rails';

/**
 * The real payout rails behind one provider: PayPal and Venmo items go to the PayPal Payouts
 * API. Stripe ACH and Nium have no real adapter yet (providers/readiness.ts keeps SANDBOX=false
 * from starting); a call holding them is refused for good, so its payments fail and their money
 * is released, never silently simulated.
 */
export function createLivePayouts(config: Pick<Config, 'providers'>): PayoutsProvider {
  return {
    name: PAYOUT_RAILS_PROVIDER,
    async createPayouts(options) {
      const unsupported = options.payouts.find(
        (request) => request.destination.method !== 'paypal' && request.destination.method !== 'venmo',
      );
      if (unsupported) throw new ProviderCallError({ code: `${unsupported.destination.method}_rail_unavailable`, retryable: false });
      const started: StartedPayout[] = await createPaypalPayouts(config.providers.paypal).createPayouts(options);
      const byPayment = new Map(started.map((payout) => [payout.payment_id, payout]));
      return options.payouts.map((request) => byPayment.get(request.payment_id)!);
    },
  };
}
