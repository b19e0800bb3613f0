import Stripe from 'stripe';
import type { ProviderSettings } from '../../config.ts';
import { stripeClient } from '../clients/stripe-client.ts';

/** The API version the code is written against (the stripe package's): webhook endpoints are pinned to it. */
export const STRIPE_API_VERSION = Stripe.API_VERSION;

/** Events of the platform's own account: invoice payments (providers/payments-in, providers/webhooks/stripe-events.ts). */
export const STRIPE_ACCOUNT_EVENTS = ['payment_intent.succeeded', 'payment_intent.payment_failed', 'charge.dispute.created'];

/** Events of the organisations' connected accounts: onboarding and Treasury (providers/webhooks/stripe-treasury-events.ts). */
export const STRIPE_CONNECT_EVENTS = [
  'account.updated',
  'setup_intent.succeeded',
  'setup_intent.setup_failed',
  'setup_intent.canceled',
  'treasury.inbound_transfer.succeeded',
  'treasury.inbound_transfer.failed',
  'treasury.inbound_transfer.canceled',
  'treasury.received_debit.created',
  'treasury.outbound_payment.posted',
  'treasury.outbound_payment.failed',
  'treasury.outbound_payment.canceled',
  'treasury.outbound_payment.returned',
  'treasury.received_credit.created',
  'treasury.received_credit.succeeded',
  'treasury.financial_account.features_status_updated',
];

type Endpoint = { connect: boolean; events: string[] };
export const STRIPE_ENDPOINTS: Endpoint[] = [
  { connect: false, events: STRIPE_ACCOUNT_EVENTS },
  { connect: true, events: STRIPE_CONNECT_EVENTS },
];

const sameEvents = (a: string[], b: string[]) => a.length === b.length && [...a].sort().join() === [...b].sort().join();

/**
 * Makes sure both endpoints exist at `<publicUrl>/v1/webhooks/stripe` (the account's, and the
 * Connect one), pinned to STRIPE_API_VERSION and listening to the events the code handles. An
 * endpoint already right is left alone; one at our URL with other events or another version is
 * reported, never deleted (its secret is in use). Answers what it found and did, and the secrets
 * of endpoints it created (Stripe shows a secret only at creation).
 */
export async function registerStripeWebhooks(settings: ProviderSettings['stripe'], publicUrl: string) {
  const stripe = stripeClient(settings);
  const url = `${publicUrl.replace(/\/$/, '')}/v1/webhooks/stripe`;
  const existing = (await stripe.webhookEndpoints.list({ limit: 100 })).data.filter((endpoint) => endpoint.url === url);
  const report: { connect: boolean; action: 'kept' | 'created' | 'differs'; id: string; secret?: string }[] = [];
  for (const wanted of STRIPE_ENDPOINTS) {
    const found = existing.find((endpoint) => Boolean((endpoint as { connect?: boolean }).connect) === wanted.connect);
    if (found) {
      const right = sameEvents(found.enabled_events, wanted.events) && found.api_version === STRIPE_API_VERSION;
      report.push({ connect: wanted.connect, action: right ? 'kept' : 'differs', id: found.id });
      continue;
    }
    const created = await stripe.webhookEndpoints.create({
      url,
      connect: wanted.connect,
      enabled_events: wanted.events as Stripe.WebhookEndpointCreateParams.EnabledEvent[],
      api_version: STRIPE_API_VERSION as Stripe.WebhookEndpointCreateParams.ApiVersion,
      description: wanted.connect ? 'Crewpay: connected accounts (onboarding, Treasury)' : 'Crewpay: invoice payments',
    });
    report.push({ connect: wanted.connect, action: 'created', id: created.id, secret: created.secret });
  }
  return { url, report };
}
