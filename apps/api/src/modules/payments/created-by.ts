import { inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { payments } from '../../db/schema/index.ts';

/** Records who created these payments: the Approvals rules never let them approve their own. */
export async function markCreatedBy(tx: Tx, userId: string, rows: { id: string }[]): Promise<void> {
  if (rows.length === 0) return;
  await tx
    .update(payments)
    .set({ created_by_user_id: userId })
    .where(
      inArray(
        payments.id,
        rows.map((row) => row.id),
      ),
    );
}
