import { eq, inArray } from 'drizzle-orm';
import type { AppDeps } from '../../deps.ts';
import { connectedAccounts, providerEventCursors, providerEvents } from '../../db/schema/index.ts';
import { domainEventsOf, listStripeEvents, STRIPE_EVENT_RETENTION_SECONDS, STRIPE_PROVIDER } from '../../providers/webhooks/index.ts';
import { acceptProviderEvents } from '../provider-calls/index.ts';

/** Listing starts this much before the last sweep, so an event stamped a little before it (clock skew, slow delivery) is not skipped. */
const OVERLAP_SECONDS = 3600;

/**
 * Missed events: Stripe's events of the platform and of every organisation's connected account
 * since the last sweep (at most the 30 days Stripe keeps), each applied through the same path as
 * its webhook (stored once by its id, then handled) unless it was already received. So a webhook
 * outage loses nothing, and a repeat changes nothing. Only outside the sandbox.
 */
export async function sweepMissedEvents(deps: AppDeps, options: { now?: Date } = {}): Promise<{ listed: number; applied: number }> {
  if (deps.config.isSandbox) return { listed: 0, applied: 0 };
  const now = Math.floor((options.now ?? new Date()).getTime() / 1000);
  const accounts = await deps.db.select({ id: connectedAccounts.provider_account_id }).from(connectedAccounts);
  let listed = 0;
  let applied = 0;
  for (const account of [null, ...accounts.map((row) => row.id)]) {
    const scope = `${STRIPE_PROVIDER}:${account ?? 'platform'}`;
    const [cursor] = await deps.db.select().from(providerEventCursors).where(eq(providerEventCursors.scope, scope));
    const since = Math.max(now - STRIPE_EVENT_RETENTION_SECONDS, (cursor?.listed_until ?? 0) - OVERLAP_SECONDS);
    const events = await listStripeEvents(deps, { account, since });
    listed += events.length;
    const seen = new Set<string>();
    if (events.length > 0) {
      const rows = await deps.db
        .select({ id: providerEvents.id })
        .from(providerEvents)
        .where(
          inArray(
            providerEvents.id,
            events.map((entry) => entry.id),
          ),
        );
      for (const row of rows) seen.add(row.id);
    }
    for (const entry of events.filter((candidate) => !seen.has(candidate.id))) {
      const answer = await acceptProviderEvents(deps, STRIPE_PROVIDER, await domainEventsOf(deps, entry.event));
      applied += answer.applied;
    }
    await deps.db
      .insert(providerEventCursors)
      .values({ scope, listed_until: now })
      .onConflictDoUpdate({ target: providerEventCursors.scope, set: { listed_until: now } });
  }
  return { listed, applied };
}
