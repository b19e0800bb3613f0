import { and, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps.ts';
import type { DbOrTx } from '../../db/client.ts';
import { providerEvents } from '../../db/schema/index.ts';
import { providerEventHandlerFor } from '../../events/dispatcher.ts';
import { unitOfWorkOver, type AfterCommitTask } from '../../lib/unit-of-work.ts';
import { loggableError } from '../../lib/log-safe.ts';
import { sandboxNow } from '../../lib/clock.ts';
import type { ProviderEventInput } from '../../providers/contract.ts';

/** The last_error of an event no handler applies. */
export const NO_HANDLER = 'no_handler';

/** 1 min, 2 min, 4 min ... at most an hour between tries of an event whose object is not known yet. */
const eventRetryDelayMs = (attempts: number) => Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);

/** Stores verified events once by the provider's event id (in the caller's transaction when given one); answers the ids that were new (duplicates change nothing). */
export async function storeProviderEvents(deps: { db: DbOrTx }, provider: string, events: ProviderEventInput[]): Promise<string[]> {
  if (events.length === 0) return [];
  // Events of an organisation we do not have are not ours to keep.
  const result = await deps.db.execute<{ id: string }>(sql`
    INSERT INTO provider_events (id, provider, org_id, type, object_id, data, due_at)
    SELECT v.id, ${provider}, v.org_id, v.type, v.object_id, v.data, now()
    FROM jsonb_to_recordset(${JSON.stringify(events)}::jsonb) AS v(id text, org_id uuid, type text, object_id text, data jsonb)
    JOIN orgs o ON o.id = v.org_id
    ON CONFLICT (id) DO NOTHING
    RETURNING id`);
  const stored = new Set(result.rows.map((row) => row.id));
  // In the order the provider gave them (a payout's paid before its return).
  return events.map((event) => event.id).filter((id) => stored.has(id));
}

/**
 * Applies one stored event in its own transaction through the handler registered for its type.
 * The row is locked and stamped processed_at, so the same event twice changes nothing; an event
 * its handler cannot apply yet waits (due_at moves on) and is tried again. Answers whether it
 * was applied now.
 */
export async function handleProviderEvent(deps: AppDeps, eventId: string): Promise<boolean> {
  const tasks: AfterCommitTask[] = [];
  const applied = await deps.db.transaction(async (tx) => {
    const [event] = await tx.select().from(providerEvents).where(eq(providerEvents.id, eventId)).for('update');
    if (!event || event.processed_at) return false;
    const now = await sandboxNow(tx);
    const handler = providerEventHandlerFor(deps, event.type);
    if (!handler) {
      // Every type the providers send has a handler (src/wiring.ts checks at start): this one is kept, unapplied, and listed by reconcile.
      console.error('[provider-events] no handler applies an event; it is kept unprocessed', event.provider, event.type, event.id);
      await tx.update(providerEvents).set({ last_error: NO_HANDLER }).where(eq(providerEvents.id, event.id));
      return false;
    }
    const outcome = await handler.apply({ ...unitOfWorkOver(tx, tasks), deps }, event, now);
    if (outcome === 'retry_later') {
      const attempts = event.attempts + 1;
      await tx
        .update(providerEvents)
        .set({ attempts, due_at: new Date(Date.now() + eventRetryDelayMs(attempts)) })
        .where(eq(providerEvents.id, event.id));
      return false;
    }
    await tx.update(providerEvents).set({ processed_at: now }).where(eq(providerEvents.id, event.id));
    return true;
  });
  for (const task of tasks) await task();
  return applied;
}

/** Applies events one by one; a failing one stays stored and unprocessed (tried again later) and does not stop the others. */
export async function applyProviderEvents(deps: AppDeps, ids: string[]): Promise<number> {
  let applied = 0;
  for (const id of ids) {
    try {
      if (await handleProviderEvent(deps, id)) applied += 1;
    } catch (error) {
      console.error('[provider-events] applying an event failed; it will be tried again', JSON.stringify(loggableError(error)));
    }
  }
  return applied;
}

/**
 * The events job: tries again the events that waited for their object (or whose handler
 * failed), when due; with `object_ids`, those objects' waiting events at once (their object
 * just moved). Answers how many were applied.
 */
export async function retryWaitingProviderEvents(
  deps: AppDeps,
  options: { now?: Date; object_ids?: string[]; limit?: number } = {},
): Promise<number> {
  const limit = options.limit ?? 1000;
  const waiting = await deps.db
    .select({ id: providerEvents.id })
    .from(providerEvents)
    .where(
      and(
        isNull(providerEvents.processed_at),
        isNull(providerEvents.last_error),
        options.object_ids ? inArray(providerEvents.object_id, options.object_ids) : lte(providerEvents.due_at, options.now ?? new Date()),
      ),
    )
    .orderBy(providerEvents.due_at, providerEvents.created_at)
    .limit(limit);
  return applyProviderEvents(
    deps,
    waiting.map((row) => row.id),
  );
}
