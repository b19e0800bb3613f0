import type Stripe from 'stripe';
import { WebhookSignatureError, type ProviderEventInput, type WebhookVerifier } from '../contract.ts';
import type { AppDeps } from '../../deps.ts';
import { STRIPE_PROVIDER, stripeClient } from '../clients/stripe-client.ts';
import { stripeTreasuryDomainEvents } from './stripe-treasury-events.ts';

/** Stripe's default tolerance: a signature older than five minutes is refused (replays). */
export const STRIPE_SIGNATURE_TOLERANCE_SECONDS = 300;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Metadata = Record<string, string>;

/** Our event, when the Stripe object carries our ids (an object of another integration on the account is ignored). */
function domainEvent(
  event: Stripe.Event,
  type: string,
  objectId: string,
  metadata: Metadata,
  reason?: string | null,
): ProviderEventInput[] {
  const { org_id: orgId, ...ours } = metadata;
  if (!orgId || !UUID.test(orgId)) return [];
  return [{ id: event.id, type, org_id: orgId, object_id: objectId, data: { ...ours, ...(reason ? { reason } : {}) } }];
}

/**
 * Stripe's events as the same domain events the sandbox sends (docs/providers.md), so the
 * handlers, their state guards and the ledger postings are one code path:
 * payment_intent.succeeded / payment_failed -> charge.succeeded / charge.failed;
 * charge.dispute.created -> charge.dispute.created for a card, charge.ach_returned for a bank
 * debit (Stripe reports an ACH return after settlement as a dispute). A dispute does not carry
 * the PaymentIntent's metadata, so the PaymentIntent is read.
 */
export async function stripeDomainEvents(
  stripe: Stripe,
  deps: Pick<AppDeps, 'db' | 'secrets'>,
  event: Stripe.Event,
): Promise<ProviderEventInput[]> {
  const treasury = await stripeTreasuryDomainEvents(stripe, deps, event);
  if (treasury) return treasury;
  switch (event.type) {
    case 'payment_intent.succeeded': {
      const intent = event.data.object;
      return domainEvent(event, 'charge.succeeded', intent.id, intent.metadata);
    }
    case 'payment_intent.payment_failed': {
      const intent = event.data.object;
      const error = intent.last_payment_error;
      return domainEvent(event, 'charge.failed', intent.id, intent.metadata, error?.decline_code ?? error?.code ?? 'payment_failed');
    }
    case 'charge.dispute.created': {
      const dispute = event.data.object;
      const intentId = typeof dispute.payment_intent === 'string' ? dispute.payment_intent : dispute.payment_intent?.id;
      if (!intentId) return [];
      const intent = await stripe.paymentIntents.retrieve(intentId);
      const isBankDebit = intent.payment_method_types.includes('us_bank_account') && !intent.payment_method_types.includes('card');
      return domainEvent(event, isBankDebit ? 'charge.ach_returned' : 'charge.dispute.created', intent.id, intent.metadata, dispute.reason);
    }
    default:
      return [];
  }
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
