import Stripe from 'stripe';
import type { ProviderSettings } from '../../config.ts';
import { newStripeClient } from '../clients/stripe-client.ts';
import { STRIPE_PAYMENT_EVENT_TYPES } from './stripe-payment-events.ts';
import { STRIPE_TREASURY_EVENT_TYPES } from './stripe-treasury-events.ts';

/** The API version the code is written against (the stripe package's): webhook endpoints are pinned to it. */
export const STRIPE_API_VERSION = Stripe.API_VERSION;

/**
 * Every Stripe event type a handler turns into our events, taken from the translators' own lists
 * (one list: the switch of each translator is type-checked against it). Both endpoints listen
 * to all of them: invoices are direct charges, so their payment_intent, charge, refund and dispute
 * events happen on the connected accounts and reach the Connect endpoint only (docs/webhooks.md).
 */
export const STRIPE_HANDLED_EVENTS: string[] = [...new Set<string>([...STRIPE_PAYMENT_EVENT_TYPES, ...STRIPE_TREASURY_EVENT_TYPES])];

type Endpoint = { connect: boolean; events: string[] };
export const STRIPE_ENDPOINTS: Endpoint[] = [
  { connect: false, events: STRIPE_HANDLED_EVENTS },
  { connect: true, events: STRIPE_HANDLED_EVENTS },
];

/** The handled types an endpoint does not listen to ('*' listens to all). */
export const missingEvents = (enabled: string[]) =>
  enabled.includes('*') ? [] : STRIPE_HANDLED_EVENTS.filter((type) => !enabled.includes(type));

/**
 * Whether an endpoint is the Connect one: Stripe's answer does not say (no `connect` field), so the
 * description given at creation does ("connected accounts", ours old and new).
 */
export const isConnectEndpoint = (endpoint: Stripe.WebhookEndpoint) =>
  (endpoint as { connect?: boolean }).connect === true || /connected accounts/.test(endpoint.description ?? '');

const sameEvents = (a: string[], b: string[]) => a.length === b.length && [...a].sort().join() === [...b].sort().join();

/**
 * Makes sure both endpoints exist at `<publicUrl>/v1/webhooks/stripe` (the account's, and the
 * Connect one), pinned to STRIPE_API_VERSION and listening to the events the code handles. An
 * endpoint already right is left alone; one at our URL missing events gets them added (its secret
 * stays); one pinned to another version is reported, never deleted (its secret is in use). Answers what it found and did, and the secrets
 * of endpoints it created (Stripe shows a secret only at creation).
 */
export async function registerStripeWebhooks(settings: ProviderSettings['stripe'], publicUrl: string) {
  const stripe = newStripeClient(settings);
  const url = `${publicUrl.replace(/\/$/, '')}/v1/webhooks/stripe`;
  const existing = (await stripe.webhookEndpoints.list({ limit: 100 })).data.filter((endpoint) => endpoint.url === url);
  const report: { connect: boolean; action: 'kept' | 'created' | 'updated' | 'differs'; id: string; secret?: string }[] = [];
  for (const wanted of STRIPE_ENDPOINTS) {
    const found = existing.find((endpoint) => isConnectEndpoint(endpoint) === wanted.connect);
    if (found) {
      if (found.api_version !== STRIPE_API_VERSION) report.push({ connect: wanted.connect, action: 'differs', id: found.id });
      else if (sameEvents(found.enabled_events, wanted.events) || missingEvents(found.enabled_events).length === 0)
        report.push({ connect: wanted.connect, action: 'kept', id: found.id });
      else {
        // Adding events keeps the endpoint and its secret (only the API version needs a new endpoint).
        const enabled = [...new Set([...found.enabled_events, ...wanted.events])];
        await stripe.webhookEndpoints.update(found.id, { enabled_events: enabled as Stripe.WebhookEndpointUpdateParams.EnabledEvent[] });
        report.push({ connect: wanted.connect, action: 'updated', id: found.id });
      }
      continue;
    }
    const created = await stripe.webhookEndpoints.create({
      url,
      connect: wanted.connect,
      enabled_events: wanted.events as Stripe.WebhookEndpointCreateParams.EnabledEvent[],
      api_version: STRIPE_API_VERSION as Stripe.WebhookEndpointCreateParams.ApiVersion,
      description: wanted.connect ? "Crewpay: the organisations' connected accounts" : "Crewpay: the platform's account",
    });
    report.push({ connect: wanted.connect, action: 'created', id: created.id, secret: created.secret });
  }
  return { url, report };
}
