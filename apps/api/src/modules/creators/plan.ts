import { count, eq } from 'drizzle-orm';
import { FREE_PLAN_CREATOR_LIMIT, creatorMessages } from '@crewpay/core';
import type { DbOrTx } from '../../db/client.ts';
import { creators, orgs, type Org } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';

/**
 * Locks the organisation row for the rest of the transaction: two creators added at the same
 * moment on the free plan are counted one after the other, so the limit holds.
 */
export async function lockOrg(tx: DbOrTx, orgId: string): Promise<Org> {
  const [org] = await tx.select().from(orgs).where(eq(orgs.id, orgId)).for('update');
  if (!org) throw new AppError('not_found', 'Organization not found');
  return org;
}

export async function assertCanAddCreator(tx: DbOrTx, org: Org): Promise<void> {
  if (org.billing_plan !== 'free') return;
  const [row] = await tx.select({ total: count() }).from(creators).where(eq(creators.org_id, org.id));
  if ((row?.total ?? 0) >= FREE_PLAN_CREATOR_LIMIT) throw new AppError('forbidden', creatorMessages.freePlanLimit);
}

/** Bulk add needs the standard plan and billing in good standing. */
export function assertCanBulkAdd(org: Org): void {
  if (org.billing_plan === 'free') throw new AppError('forbidden', creatorMessages.freePlanBulk);
  assertCanPreviewImport(org);
}

/**
 * The preview adds nobody, so the free plan may read one: the person sees the rows, then is
 * offered the upgrade in the middle of the import instead of before it.
 */
export function assertCanPreviewImport(org: Org): void {
  if (org.billing_status === 'delinquent') throw new AppError('forbidden', creatorMessages.delinquent);
}
