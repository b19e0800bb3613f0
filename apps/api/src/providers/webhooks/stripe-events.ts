import { inArray } from 'drizzle-orm';
import type Stripe from 'stripe';
import { connectedAccounts } from '../../db/schema/index.ts';
import { WebhookSignatureError, type ProviderEventInput, type WebhookVerifier } from '../contract.ts';
import type { AppDeps } from '../../deps.ts';
import { STRIPE_PROVIDER } from '../clients/stripe-client.ts';
import { stripeFor } from '../process-clients.ts';
import { stripePaymentDomainEvents } from './stripe-payment-events.ts';
import { stripeTreasuryDomainEvents } from './stripe-treasury-events.ts';

/** Stripe's default tolerance: a signature older than five minutes is refused (replays). */
const STRIPE_SIGNATURE_TOLERANCE_SECONDS = 300;

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
  const found = (await stripeTreasuryDomainEvents(stripe, deps, event)) ?? (await stripePaymentDomainEvents(stripe, event)) ?? [];
  return onTheirOwnAccount(deps, event, found);
}

/** A live secret key (sk_live_, rk_live_) talks to live mode: its events carry livemode true, a test key's false. */
const isLiveKey = (secretKey: string | undefined) => /^(sk|rk)_live_/.test(secretKey ?? '');

/**
 * Only the events that happened on the organisation's own connected account (event.account) are
 * the organisation's: an event whose metadata names an organisation but that came from another
 * account (the platform's, another organisation's, another integration copying metadata) is
 * dropped and logged. An account.updated of an account whose row is not written yet is its own.
 */
async function onTheirOwnAccount(
  deps: Pick<AppDeps, 'db'>,
  event: Stripe.Event,
  found: ProviderEventInput[],
): Promise<ProviderEventInput[]> {
  if (found.length === 0) return found;
  const orgIds = [...new Set(found.map((entry) => entry.org_id))];
  const rows = await deps.db
    .select({ org_id: connectedAccounts.org_id, account: connectedAccounts.provider_account_id })
    .from(connectedAccounts)
    .where(inArray(connectedAccounts.org_id, orgIds));
  const accountOf = new Map(rows.map((row) => [row.org_id, row.account]));
  return found.filter((entry) => {
    const expected = accountOf.get(entry.org_id) ?? (entry.type === 'account.updated' ? entry.object_id : undefined);
    if (event.account && expected === event.account) return true;
    console.error("[stripe-webhooks] an event of another account than the organisation's is ignored", event.id, event.type);
    return false;
  });
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
 * An event of the other mode (livemode against the key's) is refused; an organisation's event
 * must come from its own connected account (event.account). The events are then stored once by
 * Stripe's event id and applied by the domain handlers.
 */
export const stripeWebhookVerifier: WebhookVerifier = {
  provider: STRIPE_PROVIDER,
  async verify(rawBody, headers, deps) {
    const settings = deps.config.providers.stripe;
    const signature = headerValue(headers, 'stripe-signature');
    const secrets = [settings.webhookSecret, settings.connectWebhookSecret].filter((secret): secret is string => Boolean(secret));
    if (secrets.length === 0 || !settings.secretKey || !signature) throw new WebhookSignatureError();
    const client = stripeFor(deps);
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
    // A test-mode event at a live deployment (or the reverse) is another Stripe world's: refused, so it shows in Stripe's Dashboard.
    if (event.livemode !== isLiveKey(settings.secretKey)) throw new Error(`a ${event.livemode ? 'live' : 'test'}-mode event`);
    return stripeDomainEvents(client, deps, event);
  },
};
