import { and, eq, sql } from 'drizzle-orm';
import { DEFAULT_ORG_ID, firstBillingDate, type CreateOrgBody, type OrgRecord, type UpdateOrgBody } from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import type { DbOrTx } from '../../db/client.ts';
import { columnsToSet } from '../../db/update-columns.ts';
import { creators, customers, orgs, users, type Org, type User } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { sandboxNow } from '../../lib/clock.ts';

export function toOrgRecord(org: Org): OrgRecord {
  return {
    id: org.id,
    name: org.name,
    website: org.website,
    treasury_id: org.treasury_id,
    connect_id: org.connect_id,
    has_representative: org.has_representative,
    billing_status: org.billing_status,
    billing_plan: org.billing_plan,
    paypal_enabled: org.paypal_enabled,
    agent_split_source: org.agent_split_source,
    manager_split_source: org.manager_split_source,
    invoice_prefix: org.invoice_prefix,
    require_tax_form_for_payouts: org.require_tax_form_for_payouts,
    logo_url: org.logo_updated_at ? `/v1/org/logo?v=${org.logo_updated_at.getTime()}` : null,
    created_at: org.created_at.toISOString(),
    updated_at: org.updated_at.toISOString(),
  };
}

export async function findOrg(db: DbOrTx, orgId: string): Promise<Org> {
  const org = (await db.select().from(orgs).where(eq(orgs.id, orgId)).limit(1))[0];
  if (!org) throw new AppError('not_found', 'Organization not found');
  return org;
}

/** The creator of an organisation leaves the default one and becomes its owner. */
export async function createOrg(deps: AppDeps, options: { user: User } & CreateOrgBody): Promise<Org> {
  return deps.db.transaction(async (tx) => {
    // Locking the user row makes two simultaneous submits create one organisation, not two.
    const [current] = await tx.select().from(users).where(eq(users.id, options.user.id)).for('update');
    if (!current || current.is_external) throw new AppError('forbidden', 'This is only available to organization members');
    if (current.org_id !== DEFAULT_ORG_ID) throw new AppError('conflict', 'You already belong to an organization');
    const [org] = await tx.insert(orgs).values({ id: newId(), name: options.name, website: options.website }).returning();
    if (!org) throw new Error('Organization insert returned nothing');
    await tx.update(users).set({ org_id: org.id, role: 'owner' }).where(eq(users.id, current.id));
    return org;
  });
}

export async function updateOrg(deps: AppDeps, options: { org_id: string; changes: UpdateOrgBody }): Promise<Org> {
  const changes = columnsToSet(options.changes);
  if (!changes) return findOrg(deps.db, options.org_id);
  const [org] = await deps.db.update(orgs).set(changes).where(eq(orgs.id, options.org_id)).returning();
  if (!org) throw new AppError('not_found', 'Organization not found');
  return org;
}

/**
 * GET /v1/orgs. Staff belong to one organisation. An external user belongs to every organisation
 * that added them as a creator or invited them as a customer, and to the one that pays them as
 * its agent or manager (while someone acts as them: only
 * the acting person's organisation, `onlyOrgId`).
 */
export async function listUserOrgs(deps: AppDeps, options: { user: User; onlyOrgId: string | null }): Promise<Org[]> {
  const { user, onlyOrgId } = options;
  if (!user.is_external) return [await findOrg(deps.db, user.org_id)];
  const own = sql`${orgs.id} IN (SELECT ${creators.org_id} FROM ${creators} WHERE ${creators.user_id} = ${user.id}
    UNION SELECT ${customers.org_id} FROM ${customers} WHERE ${customers.user_id} = ${user.id}
    UNION SELECT ${users.org_id} FROM ${users} WHERE ${users.id} = ${user.id} AND (${users.is_agent} OR ${users.is_manager}))`;
  return deps.db
    .select()
    .from(orgs)
    .where(and(own, onlyOrgId ? eq(orgs.id, onlyOrgId) : undefined))
    .orderBy(orgs.name, orgs.id);
}

/**
 * Free to standard. The upgrade is charged starting next month: the upgrade day and the first
 * billing date (the 1st of next month, sandbox clock) are kept; the billing job charges from then.
 * Upgrading an organisation already on standard changes nothing.
 */
export async function updatePlan(deps: AppDeps, options: { org_id: string; plan: 'standard' }): Promise<Org> {
  const now = await sandboxNow(deps.db);
  const [upgraded] = await deps.db
    .update(orgs)
    .set({ billing_plan: options.plan, billing_started_at: now, billing_date: firstBillingDate(now) })
    .where(and(eq(orgs.id, options.org_id), eq(orgs.billing_plan, 'free')))
    .returning();
  return upgraded ?? findOrg(deps.db, options.org_id);
}
