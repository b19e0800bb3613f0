import { and, asc, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps.ts';
import { sandboxEvents } from '../../db/schema/index.ts';
import { sandboxNow } from '../../lib/clock.ts';
import { sandboxWebhookBody, signSandboxWebhook } from '../../providers/sandbox-events.ts';
import { receiveProviderWebhook } from './receive.ts';

const DELIVERY_BATCH = 200;

/** The database's clock now: what a sandbox call schedules after it is created at or after this. */
export async function sandboxDeliveryMark(deps: Pick<AppDeps, 'db'>): Promise<Date> {
  const result = await deps.db.execute<{ now: string }>(sql`SELECT clock_timestamp() AS now`);
  return new Date(result.rows[0]!.now);
}

/**
 * The sandbox providers send what has come due on the sandbox clock, oldest first: signed, and
 * through the same receiver as POST /v1/webhooks/:provider (verification, storage, handlers).
 * The outbox runner, the events job and the sandbox tools call it; the sandbox providers never
 * do (they only schedule). `createdSince`: only what was scheduled since then (a call's own
 * answers). Answers how many events were applied.
 */
export async function deliverDueSandboxEvents(deps: AppDeps, options: { limit?: number; createdSince?: Date } = {}): Promise<number> {
  const limit = options.limit ?? 100_000;
  let delivered = 0;
  let applied = 0;
  while (delivered < limit) {
    const now = await sandboxNow(deps.db);
    const due = await deps.db
      .select()
      .from(sandboxEvents)
      .where(
        and(
          isNull(sandboxEvents.delivered_at),
          lte(sandboxEvents.due_at, now),
          options.createdSince ? gte(sandboxEvents.created_at, options.createdSince) : undefined,
        ),
      )
      .orderBy(asc(sandboxEvents.due_at), asc(sandboxEvents.created_at), asc(sandboxEvents.id))
      .limit(DELIVERY_BATCH);
    if (due.length === 0) break;
    for (const provider of new Set(due.map((event) => event.provider))) {
      const batch = due.filter((event) => event.provider === provider);
      const body = sandboxWebhookBody(batch);
      const result = await receiveProviderWebhook(deps, provider, body, signSandboxWebhook(deps.secrets, body));
      applied += result.applied;
      await deps.db
        .update(sandboxEvents)
        .set({ delivered_at: now })
        .where(
          inArray(
            sandboxEvents.id,
            batch.map((event) => event.id),
          ),
        );
    }
    delivered += due.length;
    if (due.length < DELIVERY_BATCH) break;
  }
  return applied;
}
