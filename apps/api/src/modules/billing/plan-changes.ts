import { count, eq } from 'drizzle-orm';
import { FREE_PLAN_CREATOR_LIMIT, planChangeMessages, type BillingRecord, type ScheduledPlanChange } from '@crewpay/core';
import type { Db, Tx } from '../../db/client.ts';
import { creators, orgs, type Org } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { findBilling } from './status.ts';

/** The organisation under its row lock: a change is never scheduled while its billing runs. */
async function lockPremiumOrg(tx: Tx, orgId: string): Promise<Org> {
  const [org] = await tx.select().from(orgs).where(eq(orgs.id, orgId)).for('update');
  if (!org) throw new AppError('not_found', 'Organization not found');
  if (org.billing_plan !== 'standard') throw new AppError('conflict', planChangeMessages.notOnPremium);
  return org;
}

/** A downgrade keeps the organisation within the free plan's limits, so it is refused above them. */
async function assertWithinFreeLimits(tx: Tx, orgId: string): Promise<void> {
  const [row] = await tx.select({ total: count() }).from(creators).where(eq(creators.org_id, orgId));
  const total = row?.total ?? 0;
  if (total > FREE_PLAN_CREATOR_LIMIT) throw new AppError('conflict', planChangeMessages.overFreeLimit(total));
}

/**
 * Schedules a downgrade or cancel for the end of the billing period (the next billing date, which
 * is then not charged). Asking again for the change already scheduled changes nothing; asking for
 * the other one replaces it.
 */
export async function schedulePlanChange(db: Db, orgId: string, change: ScheduledPlanChange): Promise<BillingRecord> {
  await db.transaction(async (tx) => {
    const org = await lockPremiumOrg(tx, orgId);
    if (org.billing_scheduled_change === change) return;
    if (change === 'downgrade') await assertWithinFreeLimits(tx, orgId);
    await tx.update(orgs).set({ billing_scheduled_change: change }).where(eq(orgs.id, orgId));
  });
  return findBilling(db, orgId);
}

/** Undoes a scheduled downgrade or cancel: Premium continues and is charged as before (again: nothing). */
export async function resumePlan(db: Db, orgId: string): Promise<BillingRecord> {
  await db.transaction(async (tx) => {
    await lockPremiumOrg(tx, orgId);
    await tx.update(orgs).set({ billing_scheduled_change: null }).where(eq(orgs.id, orgId));
  });
  return findBilling(db, orgId);
}
