import type Stripe from 'stripe';
import { WebhookSignatureError, type ProviderEventInput, type WebhookVerifier } from '../contract.ts';
import type { AppDeps } from '../../deps.ts';
import { STRIPE_PROVIDER, stripeClient } from '../clients/stripe-client.ts';
import { stripePaymentDomainEvents } from './stripe-payment-events.ts';
import { stripeTreasuryDomainEvents } from './stripe-treasury-events.ts';

/** Stripe's default tolerance: a signature older than five minutes is refused (replays). */
export const STRIPE_SIGNATURE_TOLERANCE_SECONDS = 300;

/**
 * Stripe's events as the same domain events the sandbox sends (docs/providers.md), so the
 * handlers, their state guards and the ledger postings are one code path: Treasury's
 * (stripe-treasury-events.ts), then the payments' (stripe-payment-events.ts); any other is ignored.
 */
export async function stripeDomainEvents(
  stripe: Stripe,
  deps: Pick<AppDeps, 'db' | 'secrets'>,
  event: Stripe.Event,
): Promise<ProviderEventInput[]> {
  const treasury = await stripeTreasuryDomainEvents(stripe, deps, event);
  if (treasury) return treasury;
  return (await stripePaymentDomainEvents(stripe, event)) ?? [];
}

type WebhookHeaders = Parameters<WebhookVerifier['verify']>[1];

export const headerValue = (headers: WebhookHeaders, name: string) => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/**
 * POST /v1/webhooks/stripe: the Stripe-Signature header checked by the official package's
 * constructEvent with a 300-second tolerance, against the account endpoint's secret
 * (STRIPE_WEBHOOK_SECRET) or the Connect endpoint's (STRIPE_CONNECT_WEBHOOK_SECRET: the
 * organisations' connected accounts, where Treasury happens); both endpoints point here.
 * The events are then stored once by Stripe's event id and applied by the domain handlers.
 */
export const stripeWebhookVerifier: WebhookVerifier = {
  provider: STRIPE_PROVIDER,
  async verify(rawBody, headers, deps) {
    const settings = deps.config.providers.stripe;
    const signature = headerValue(headers, 'stripe-signature');
    const secrets = [settings.webhookSecret, settings.connectWebhookSecret].filter((secret): secret is string => Boolean(secret));
    if (secrets.length === 0 || !settings.secretKey || !signature) throw new WebhookSignatureError();
    const client = stripeClient(settings);
    const event = secrets
      .map((secret) => {
        try {
          return client.webhooks.constructEvent(rawBody, signature, secret, STRIPE_SIGNATURE_TOLERANCE_SECONDS);
        } catch {
          return null;
        }
      })
      .find((verified) => verified !== null);
    if (!event) throw new WebhookSignatureError();
    return stripeDomainEvents(client, deps, event);
  },
};
