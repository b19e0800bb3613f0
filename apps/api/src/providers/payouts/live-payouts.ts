import type { AppDeps } from '../../deps.ts';
import { ProviderCallError } from '../../modules/provider-calls/index.ts';
import { createPaypalPayouts } from './paypal-payouts.ts';
import { createStripeBankPayouts, isStripeBankPayout } from './stripe-treasury-payouts.ts';
import type { PayoutsProvider, StartedPayout } from './types.ts';

/** The provider name live payouts are recorded under: one call may span several rails. */
export const PAYOUT_RAILS_PROVIDER = 'payout-rails';

/**
 * The real payout rails behind one provider: bank payouts (the `stripe` method) are Stripe
 * Treasury OutboundPayments from the organisation's financial account, PayPal and Venmo items go
 * to the PayPal Payouts API. Nium has no real adapter yet (providers/readiness.ts keeps
 * SANDBOX=false from starting); a call holding it is refused for good, so its payments fail and
 * their money is released, never silently simulated. Each rail is idempotent under the call's
 * key, so a call tried again after one rail answered pays nobody twice.
 */
export function createLivePayouts(deps: Pick<AppDeps, 'config' | 'db'>): PayoutsProvider {
  return {
    name: PAYOUT_RAILS_PROVIDER,
    async createPayouts(options) {
      const unsupported = options.payouts.find((request) => request.destination.method === 'nium');
      if (unsupported) throw new ProviderCallError({ code: `${unsupported.destination.method}_rail_unavailable`, retryable: false });
      const bank = options.payouts.filter(isStripeBankPayout);
      const paypal = options.payouts.filter((request) => !isStripeBankPayout(request));
      const started: StartedPayout[] = [
        ...(await createStripeBankPayouts(deps, { ...options, payouts: bank })),
        ...(paypal.length > 0
          ? await createPaypalPayouts(deps.config.providers.paypal).createPayouts({ ...options, payouts: paypal })
          : []),
      ];
      const byPayment = new Map(started.map((payout) => [payout.payment_id, payout]));
      return options.payouts.map((request) => byPayment.get(request.payment_id)!);
    },
  };
}
