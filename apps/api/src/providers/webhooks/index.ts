import { paypalWebhookVerifier } from './paypal-events.ts';
import { stripeWebhookVerifier } from './stripe-events.ts';
import { twilioWebhookVerifier } from './twilio-events.ts';

/** The real providers' webhook verifiers: POST /v1/webhooks/stripe, /v1/webhooks/paypal and /v1/webhooks/twilio (SMS status). */
export const liveWebhookVerifiers = [stripeWebhookVerifier, paypalWebhookVerifier, twilioWebhookVerifier];
