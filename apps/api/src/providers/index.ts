import { STRIPE_PROVIDER } from './clients/stripe-client.ts';
import { PAYOUT_RAILS_PROVIDER } from './payouts/live-payouts.ts';

/**
 * What the composition root (src/wiring.ts) takes of the providers as a whole. Each capability's
 * index.ts chooses its sandbox or its real adapter (SANDBOX); providers/readiness.ts refuses to
 * start live while a key they need is missing.
 */

/** The provider names the real adapters record their calls under (their operations are registered for each). */
export const LIVE_PROVIDERS = [STRIPE_PROVIDER, PAYOUT_RAILS_PROVIDER] as const;

export { liveWebhookVerifiers } from './webhooks/index.ts';
