import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps.ts';
import { PAYPAL_PROVIDER, readPaypalBatch } from '../../providers/payouts/index.ts';
import { polledBatchEvents } from '../../providers/webhooks/index.ts';
import { ProviderCallError } from '../../providers/contract.ts';
import { createPayoutsOperation } from '../payments/index.ts';
import { acceptProviderEvents } from '../provider-calls/index.ts';

export const PAYPAL_OUTCOMES_JOB = 'paypal.outcomes-sweep';

/** A batch is swept once its webhooks have had this long to come. */
export const PAYPAL_SWEEP_AFTER_MS = 15 * 60_000;
/** How far back batches are swept: PayPal gives an unclaimed item back after 30 days, its outcome comes then. */
const SWEEP_DAYS = 35;

type UnsettledBatch = { org_id: string; batch_id: string; payment_ids: string[] };

/**
 * The PayPal batches (from their payout calls' answers) that still hold payments in processing:
 * paid more than PAYPAL_SWEEP_AFTER_MS ago, within the last SWEEP_DAYS, item id known (a batch
 * PayPal had not listed is read by its own poll, modules/payments/paypal-poll.ts).
 */
async function unsettledBatches(deps: Pick<AppDeps, 'db'>, now: Date): Promise<UnsettledBatch[]> {
  const settledBefore = new Date(now.getTime() - PAYPAL_SWEEP_AFTER_MS);
  const since = new Date(now.getTime() - SWEEP_DAYS * 86_400_000);
  const rows = await deps.db.execute<UnsettledBatch>(sql`
    SELECT c.org_id, started->>'batch_id' AS batch_id, array_agg(p.id::text ORDER BY p.id) AS payment_ids
    FROM provider_calls c
    CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(c.response) = 'array' THEN c.response ELSE '[]'::jsonb END) AS started
    JOIN payments p ON p.org_id = c.org_id AND p.id::text = started->>'payment_id'
    WHERE c.operation = ${createPayoutsOperation.operation}
      AND c.status = 'succeeded'
      AND c.completed_at < ${settledBefore.toISOString()}::timestamptz
      AND c.completed_at > ${since.toISOString()}::timestamptz
      AND started->>'batch_id' IS NOT NULL
      AND started->>'payout_id' IS NOT NULL
      AND p.status = 'processing'
      AND p.method IN ('paypal', 'venmo')
      AND NOT p.is_deleted
    GROUP BY c.org_id, started->>'batch_id'
    ORDER BY c.org_id, started->>'batch_id'`);
  return rows.rows;
}

/**
 * PayPal outcomes without webhooks: every hour, outside the sandbox, each PayPal batch that still
 * has payments in processing is read (GET the batch on behalf of the organisation's PayPal) and
 * what it says of those payments is applied as the payout events PayPal's webhooks would bring
 * (polledBatchEvents: ids derived from the item and its status, so a read twice, or a webhook
 * that comes after all, applies each outcome once; the payment's state machine moves the ledger
 * once). An item still pending is read again at the next sweep. One batch's failure (its PayPal
 * disconnected, PayPal down) is logged and the others go on.
 */
export async function sweepPaypalOutcomes(deps: AppDeps, options: { now?: Date } = {}): Promise<{ read: number; applied: number }> {
  if (deps.config.isSandbox) return { read: 0, applied: 0 };
  let read = 0;
  let applied = 0;
  for (const batch of await unsettledBatches(deps, options.now ?? new Date())) {
    try {
      const found = await readPaypalBatch(deps, { org_id: batch.org_id, batch_id: batch.batch_id });
      read += 1;
      const { events } = polledBatchEvents(batch.org_id, found, batch.payment_ids);
      if (events.length > 0) applied += (await acceptProviderEvents(deps, PAYPAL_PROVIDER, events)).applied;
    } catch (error) {
      const code = error instanceof ProviderCallError ? error.code : (error as Error).name;
      console.error('[paypal] reading a batch for its outcomes failed; the next sweep tries again', batch.org_id, batch.batch_id, code);
    }
  }
  return { read, applied };
}
