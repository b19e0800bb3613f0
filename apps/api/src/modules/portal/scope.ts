import { and, eq, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { creators, customers, type User } from '../../db/schema/index.ts';
import type { AuthContext } from '../../plugins/auth.ts';

/**
 * Whose records the portal shows: the external user's, in every organisation that works with
 * them. While an owner or admin acts as the user (login-as), only the acting person's own
 * organisation: acting as a creator must not open what other organisations hold about them.
 */
export type PortalScope = { user: User; only_org_id: string | null };

export const portalScope = (auth: AuthContext): PortalScope => ({ user: auth.user, only_org_id: auth.actor?.org_id ?? null });

/** The organisation filter of a scope on any org_id column (undefined: no filter). */
export function inScope(scope: PortalScope, orgColumn: Parameters<typeof eq>[0]): SQL | undefined {
  return scope.only_org_id ? eq(orgColumn, scope.only_org_id) : undefined;
}

export type PortalRecords = {
  /** The user's creator rows: one per organisation that added them. */
  creators: { id: string; org_id: string }[];
  /** The user's customer rows: one per organisation that invited them as a customer. */
  customers: { id: string; org_id: string }[];
};

/** The ids of the user's own creator and customer rows within the scope (what portal queries filter on). */
export async function portalRecords(tx: DbOrTx, scope: PortalScope): Promise<PortalRecords> {
  const [creatorRows, customerRows] = await Promise.all([
    tx
      .select({ id: creators.id, org_id: creators.org_id })
      .from(creators)
      .where(and(eq(creators.user_id, scope.user.id), inScope(scope, creators.org_id))),
    tx
      .select({ id: customers.id, org_id: customers.org_id })
      .from(customers)
      .where(and(eq(customers.user_id, scope.user.id), inScope(scope, customers.org_id))),
  ]);
  return { creators: creatorRows, customers: customerRows };
}
