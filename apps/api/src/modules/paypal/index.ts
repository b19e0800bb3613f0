// The PayPal module as the app sees it: connecting the organisation's own PayPal business account, its wallet's balance, and the sandbox's consent page.
import type { ModuleDescriptor } from '../../events/kernel.ts';
import { paypalConsentEvents } from './consent-revoked.ts';
import { PAYPAL_OUTCOMES_JOB, sweepPaypalOutcomes } from './outcomes-sweep.ts';

// Every hour, PayPal batches with payments still in processing are read for the outcomes whose webhooks never came.
export const paypalModule: ModuleDescriptor = {
  name: 'paypal',
  providerEvents: [paypalConsentEvents],
  queues: [PAYPAL_OUTCOMES_JOB],
  jobs: [{ queue: PAYPAL_OUTCOMES_JOB, cron: '41 * * * *', run: (deps) => sweepPaypalOutcomes(deps) }],
};
export { paypalRoutes, sandboxPaypalRoutes } from './routes.ts';
export { findLinkedPaypal } from './service.ts';
export { paypalWalletBalance } from './balance.ts';
