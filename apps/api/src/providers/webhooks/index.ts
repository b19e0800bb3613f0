import { paypalWebhookVerifier } from './paypal-events.ts';
import { stripeWebhookVerifier } from './stripe-events.ts';
import { twilioWebhookVerifier } from './twilio-events.ts';
import { niumWebhookVerifier } from './nium-events.ts';

/** The real providers' webhook verifiers: POST /v1/webhooks/stripe, /v1/webhooks/paypal, /v1/webhooks/twilio (SMS status) and /v1/webhooks/nium. */
export const liveWebhookVerifiers = [stripeWebhookVerifier, paypalWebhookVerifier, twilioWebhookVerifier, niumWebhookVerifier];
export { domainEventsOf, listStripeEvents, STRIPE_EVENT_RETENTION_SECONDS } from './stripe-missed-events.ts';
export { STRIPE_PROVIDER } from '../clients/stripe-client.ts';
export { registerStripeWebhooks, STRIPE_API_VERSION, STRIPE_ENDPOINTS } from './stripe-endpoints.ts';
export { checkStripeCredentials, type LiveCheck } from './stripe-live-check.ts';
export { polledBatchEvents } from './paypal-poll-events.ts';
export { PAYPAL_CONSENT_REVOKED } from './paypal-consent-events.ts';
