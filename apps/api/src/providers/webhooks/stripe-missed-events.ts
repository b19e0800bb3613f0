import type Stripe from 'stripe';
import type { AppDeps } from '../../deps.ts';
import type { ProviderEventInput } from '../contract.ts';
import { callStripe } from '../clients/stripe-client.ts';
import { stripeFor } from '../process-clients.ts';
import { stripeDomainEvents } from './stripe-events.ts';

/** How long Stripe keeps events: an outage longer than this cannot be made up from the list. */
export const STRIPE_EVENT_RETENTION_SECONDS = 30 * 86_400;

/**
 * Stripe's events of one account (the platform's own, or a connected account's with the
 * Stripe-Account header) created since `since` (unix seconds), oldest first: what GET /v1/events
 * lists, for the missed-events job.
 */
export async function listStripeEvents(
  deps: Pick<AppDeps, 'config' | 'kernel'>,
  options: { account: string | null; since: number },
): Promise<{ id: string; event: Stripe.Event }[]> {
  const stripe = stripeFor(deps);
  const requestOptions = options.account ? { stripeAccount: options.account } : undefined;
  const listed: Stripe.Event[] = [];
  let startingAfter: string | undefined;
  for (;;) {
    const page = await callStripe(() =>
      stripe.events.list(
        { created: { gte: options.since }, limit: 100, ...(startingAfter ? { starting_after: startingAfter } : {}) },
        requestOptions,
      ),
    );
    listed.push(...page.data);
    if (!page.has_more || page.data.length === 0) break;
    startingAfter = page.data.at(-1)!.id;
  }
  // Stripe lists newest first; events are applied in the order they happened. A listed event
  // need not carry `account`: the account it was listed on is set, as its webhook would carry it.
  return listed
    .reverse()
    .map((event) => ({ id: event.id, event: options.account ? { ...event, account: options.account } : omitAccount(event) }));
}

/** The platform's own events are no connected account's, whatever they carry. */
function omitAccount(event: Stripe.Event): Stripe.Event {
  const { account: _account, ...own } = event;
  return own as Stripe.Event;
}

/** The domain events a listed Stripe event becomes, as its webhook would have (providers/webhooks/stripe-events.ts). */
export function domainEventsOf(
  deps: Pick<AppDeps, 'config' | 'db' | 'secrets' | 'kernel'>,
  event: Stripe.Event,
): Promise<ProviderEventInput[]> {
  return stripeDomainEvents(stripeFor(deps), deps, event);
}
