import { and, eq, sql } from 'drizzle-orm';
import type { BillingRecord } from '@crewpay/core';
import type { DbOrTx } from '../../db/client.ts';
import { billingCharges, orgs } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { findFeeRule } from '../fees/index.ts';

/** The Billing tab's plan card: the plan, its monthly price, the next billing date and what is owed. */
export async function findBilling(db: DbOrTx, orgId: string): Promise<BillingRecord> {
  const [org] = await db.select().from(orgs).where(eq(orgs.id, orgId));
  if (!org) throw new AppError('not_found', 'Organization not found');
  const rule = await findFeeRule(db, orgId, 'monthly_fee');
  const [owed] = await db
    .select({ amount: sql<string>`COALESCE(SUM(${billingCharges.amount}), 0)::text` })
    .from(billingCharges)
    .where(and(eq(billingCharges.org_id, orgId), eq(billingCharges.status, 'owed')));
  return {
    plan: org.billing_plan,
    status: org.billing_status,
    monthly_price: rule.cap === null ? rule.flat_rate : Math.min(rule.flat_rate, rule.cap),
    upgraded_at: org.billing_started_at?.toISOString() ?? null,
    next_billing_date: org.billing_plan === 'standard' ? org.billing_date : null,
    owed: Number(owed?.amount ?? 0),
    scheduled_change: org.billing_plan === 'standard' ? org.billing_scheduled_change : null,
  };
}
