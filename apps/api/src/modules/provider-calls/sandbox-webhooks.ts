import { and, asc, inArray, isNull, lte } from 'drizzle-orm';
import type { AppDeps } from '../../deps.ts';
import { sandboxEvents } from '../../db/schema/index.ts';
import { sandboxNow } from '../../lib/clock.ts';
import { sandboxWebhookBody, signSandboxWebhook } from '../../providers/sandbox-events.ts';
import { receiveProviderWebhook } from './receive.ts';

const DELIVERY_BATCH = 200;

/**
 * The sandbox providers send what has come due on the sandbox clock, oldest first: signed, and
 * through the same receiver as POST /v1/webhooks/:provider (verification, storage, handlers).
 * Answers how many events were applied.
 */
export async function deliverDueSandboxEvents(deps: AppDeps, options: { limit?: number } = {}): Promise<number> {
  const limit = options.limit ?? 100_000;
  let delivered = 0;
  let applied = 0;
  while (delivered < limit) {
    const now = await sandboxNow(deps.db);
    const due = await deps.db
      .select()
      .from(sandboxEvents)
      .where(and(isNull(sandboxEvents.delivered_at), lte(sandboxEvents.due_at, now)))
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
