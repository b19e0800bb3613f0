import type { Config } from '../../config.ts';
import type { AppDeps } from '../../deps.ts';
import { createStripeTreasury } from '../banking/stripe-treasury.ts';
import type { BankingProvider } from '../banking/types.ts';
import { createStripePaymentsIn } from '../payments-in/stripe-payments-in.ts';
import type { PaymentsInProvider } from '../payments-in/types.ts';
import { createLivePayouts, PAYOUT_RAILS_PROVIDER } from '../payouts/live-payouts.ts';
import type { PayoutsProvider } from '../payouts/types.ts';
import { paypalWebhookVerifier } from './paypal-events.ts';
import { createPlaidBankLink } from './plaid-client.ts';
import { STRIPE_PROVIDER } from './stripe-client.ts';
import { twilioWebhookVerifier } from './twilio-events.ts';
import { stripeWebhookVerifier } from './stripe-events.ts';

/**
 * The real adapters, chosen here and only here when SANDBOX=false (each capability's index.ts
 * asks this file); SANDBOX=true keeps the sandbox. providers/readiness.ts refuses to start live
 * while a key they need is missing.
 */
export const liveAdapters = {
  // Stripe charges the card or debits the bank; Plaid links the bank and gives its numbers.
  paymentsIn: (config: Pick<Config, 'providers'>): PaymentsInProvider => ({
    ...createStripePaymentsIn(config.providers.stripe),
    ...createPlaidBankLink(config.providers.plaid),
  }),
  payouts: (deps: Pick<AppDeps, 'config' | 'db'>): PayoutsProvider => createLivePayouts(deps),
  banking: (deps: Pick<AppDeps, 'config' | 'jobs' | 'db' | 'secrets'>): BankingProvider => createStripeTreasury(deps),
};

/** The provider names the real adapters record their calls under (their operations are registered for each). */
export const LIVE_PROVIDERS = [STRIPE_PROVIDER, PAYOUT_RAILS_PROVIDER] as const;

/** The real providers' webhook verifiers: POST /v1/webhooks/stripe, /v1/webhooks/paypal and /v1/webhooks/twilio (SMS status). */
export const liveWebhookVerifiers = [stripeWebhookVerifier, paypalWebhookVerifier, twilioWebhookVerifier];

export { STRIPE_PROVIDER } from './stripe-client.ts';
