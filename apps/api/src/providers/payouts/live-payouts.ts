import type { AppDeps } from '../../deps.ts';
import { createPaypalPayouts } from './paypal-payouts.ts';
import { ProviderCallError } from '../contract.ts';
import { createStripeBankPayouts, findStripeBankPayouts, isBankPayout } from './stripe-treasury-payouts.ts';
import type { PayoutsProvider, StartedPayout } from './types.ts';

/** The provider name live payouts are recorded under: one call may span several rails. */
export const PAYOUT_RAILS_PROVIDER = 'payout-rails';

/**
 * The real payout rails behind one provider: bank payouts (the `stripe` and `nium` methods, both a
 * US account and routing number) are Stripe Treasury OutboundPayments by ACH from the
 * organisation's financial account, PayPal and Venmo items go to the PayPal Payouts API, paid from
 * the organisation's own PayPal account (payments records PayPal items in calls of their own). Each
 * rail is idempotent under the call's key, so a call tried again after one rail answered pays
 * nobody twice.
 */
export function createLivePayouts(deps: Pick<AppDeps, 'config' | 'db' | 'kernel'>): PayoutsProvider {
  return {
    name: PAYOUT_RAILS_PROVIDER,
    async createPayouts(options) {
      const bank = options.payouts.filter(isBankPayout);
      const paypal = options.payouts.filter((request) => !isBankPayout(request));
      const started: StartedPayout[] = [
        ...(await createStripeBankPayouts(deps, { ...options, payouts: bank })),
        ...(paypal.length > 0 ? await createPaypalPayouts(deps).createPayouts({ ...options, payouts: paypal }) : []),
      ];
      const byPayment = new Map(started.map((payout) => [payout.payment_id, payout]));
      return options.payouts.map((request) => byPayment.get(request.payment_id)!);
    },
    /**
     * After the call's last try broke down: its bank payouts are looked for among the financial
     * account's OutboundPayments, its PayPal batch by its sender_batch_id. None found: null (the
     * call fails, nothing was paid). Only some found: the others may still be made under their
     * keys (Stripe replays a saved 500 for a day): that is not knowable yet, so a retryable error
     * keeps the call pending and tried again, never failed while part of its money moved.
     */
    async findPayouts(options) {
      const bank = options.payouts.filter(isBankPayout);
      const paypal = options.payouts.filter((request) => !isBankPayout(request));
      const found: StartedPayout[] = [
        ...(await findStripeBankPayouts(deps, { org_id: options.org_id, payouts: bank })),
        ...(paypal.length > 0 ? await createPaypalPayouts(deps).findPayouts({ ...options, payouts: paypal }) : []),
      ];
      if (found.length === 0) return null;
      const byPayment = new Map(found.map((payout) => [payout.payment_id, payout]));
      if (byPayment.size < options.payouts.length) throw new ProviderCallError({ code: 'payouts_partly_found', retryable: true });
      return options.payouts.map((request) => byPayment.get(request.payment_id)!);
    },
  };
}
