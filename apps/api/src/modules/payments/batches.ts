import { and, eq, sql } from 'drizzle-orm';
import type { PaymentBatchProgress } from '@crewpay/core';
import type { DbOrTx } from '../../db/client.ts';
import { payments } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';

const count = (condition: ReturnType<typeof sql>) => sql<string>`COUNT(*) FILTER (WHERE ${condition})`;

/**
 * GET /v1/payments/batches/:id: where one execution's payouts stand, for the progress view. An
 * execution marks its payments with its batch id (fee_reference_id). A payout is executed once its
 * rail has taken it (it carries the payout's id) or it posted; remaining ones are processing
 * payouts whose provider call has not been made yet (made by the jobs after the commit). The batch
 * is done when none remains: those waiting for payout details go out when their recipient answers.
 */
export async function batchProgress(tx: DbOrTx, orgId: string, batchId: string): Promise<PaymentBatchProgress> {
  const [row] = await tx
    .select({
      total: sql<string>`COUNT(*)`,
      executed: count(
        sql`${payments.status} = 'succeeded' OR (${payments.status} = 'processing' AND ${payments.stripe_reference_id} IS NOT NULL)`,
      ),
      waiting: count(sql`${payments.status} = 'requires_info'`),
      failed: count(sql`${payments.status} IN ('failed', 'returned', 'canceled')`),
      remaining: count(sql`${payments.status} = 'processing' AND ${payments.stripe_reference_id} IS NULL`),
    })
    .from(payments)
    .where(and(eq(payments.org_id, orgId), eq(payments.fee_reference_id, batchId)));
  const total = Number(row?.total ?? 0);
  if (total === 0) throw new AppError('not_found', 'Batch not found');
  const remaining = Number(row?.remaining ?? 0);
  return {
    batch_id: batchId,
    total,
    executed: Number(row?.executed ?? 0),
    waiting: Number(row?.waiting ?? 0),
    failed: Number(row?.failed ?? 0),
    remaining,
    is_done: remaining === 0,
  };
}
