import { and, eq, or } from 'drizzle-orm';
import { formatCents, type CreatorUserRecord, type CreatorUserUpdateBody, type PortalHomeAnswer, type PortalTodoItem } from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import { inUnit } from '../../events/dispatcher.ts';
import type { DbOrTx } from '../../db/client.ts';
import { creators, orgs, users, type Creator, type Org, type User } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { sendQueuedEmails } from '../email/index.ts';
import { applyPayeeDetails } from '../payees/index.ts';
import { runProviderCallsSoon } from '../provider-calls/index.ts';
import { documentFigures } from './documents.ts';
import { ownPaymentFigures, ownWaitingPayments } from './queries.ts';
import { creatorPortalRecord, userPayeePortalRecord } from './records.ts';
import { inScope, portalRecords, type PortalScope } from './scope.ts';

export const CREATOR_NOT_FOUND = 'Creator not found';

/** The user's own account where their organisation pays them as its agent or manager (within the scope), or none. */
export async function ownUserPayee(tx: DbOrTx, scope: PortalScope, options: { forUpdate?: boolean } = {}) {
  const query = tx
    .select({ user: users, org: orgs })
    .from(users)
    .innerJoin(orgs, eq(orgs.id, users.org_id))
    .where(and(eq(users.id, scope.user.id), or(eq(users.is_agent, true), eq(users.is_manager, true)), inScope(scope, users.org_id)));
  const [row] = options.forUpdate ? await query.for('update', { of: users }) : await query;
  return row ?? null;
}

/**
 * GET /v1/creators/user: the user's creator record in each organisation and, where an
 * organisation pays them as its agent or manager, their own account (scoped while acting).
 */
export async function listOwnCreatorRecords(db: DbOrTx, scope: PortalScope): Promise<CreatorUserRecord[]> {
  const [rows, asPayee] = await Promise.all([
    db
      .select({ creator: creators, org: orgs })
      .from(creators)
      .innerJoin(orgs, eq(orgs.id, creators.org_id))
      .where(and(eq(creators.user_id, scope.user.id), inScope(scope, creators.org_id)))
      .orderBy(orgs.name, creators.id),
    ownUserPayee(db, scope),
  ]);
  const records = rows.map((row) => creatorPortalRecord(row.creator, row.org));
  if (!asPayee) return records;
  // In organisation-name order; beside a creator record of the same organisation, after it.
  const record = userPayeePortalRecord(asPayee.user, asPayee.org);
  const at = records.findIndex((item) => item.org_name.localeCompare(record.org_name) > 0);
  return at < 0 ? [...records, record] : [...records.slice(0, at), record, ...records.slice(at)];
}

/** One of the user's own creator rows, locked for the update. */
async function findOwnCreator(tx: DbOrTx, scope: PortalScope, id: string) {
  const [row] = await tx
    .select({ creator: creators, org: orgs })
    .from(creators)
    .innerJoin(orgs, eq(orgs.id, creators.org_id))
    .where(and(eq(creators.id, id), eq(creators.user_id, scope.user.id), inScope(scope, creators.org_id)))
    .for('update', { of: creators });
  return row ?? null;
}

/**
 * The payee an id of the portal names: one of the user's creator rows, or (their own user id)
 * the user as their organisation's agent or manager. Anyone else's id is 404.
 */
async function findOwnPayee(tx: DbOrTx, scope: PortalScope, id: string) {
  const asCreator = await findOwnCreator(tx, scope, id);
  if (asCreator) return { org: asCreator.org, recipient_role: 'creator' as const };
  const asPayee = id === scope.user.id ? await ownUserPayee(tx, scope, { forUpdate: true }) : null;
  if (!asPayee) throw new AppError('not_found', CREATOR_NOT_FOUND);
  return { org: asPayee.org, recipient_role: asPayee.user.is_agent ? ('agent' as const) : ('manager' as const) };
}

const toPortalRecord = (person: Creator | User, org: Org) =>
  'user_id' in person ? creatorPortalRecord(person, org) : userPayeePortalRecord(person, org);

/**
 * PUT /v1/creators/user/{id}: the payee's own payout, tax and address details for one
 * organisation, as a creator or as its agent or manager. The same path as the payee link
 * (payments' applyPayeeDetails): tok_ values keep the stored secrets, the change is recorded and
 * told, waiting payments start.
 */
export async function updateOwnCreatorRecord(
  deps: AppDeps,
  options: { scope: PortalScope; id: string; body: CreatorUserUpdateBody; changed_by_user_id: string },
): Promise<CreatorUserRecord> {
  if (options.body.id !== undefined && options.body.id !== options.id)
    throw new AppError('validation_error', 'The id in the body does not match the address', { field: 'id' });
  const result = await inUnit(deps, async (unit) => {
    const { org, recipient_role } = await findOwnPayee(unit.tx, options.scope, options.id);
    const { person, emailIds, callIds } = await applyPayeeDetails(unit, {
      org,
      recipient: options.id,
      recipient_role,
      body: options.body,
      source: 'portal',
      changed_by_user_id: options.changed_by_user_id,
    });
    return { record: toPortalRecord(person, org), emailIds, callIds };
  });
  const { record, emailIds, callIds } = result;
  await runProviderCallsSoon(deps, callIds);
  await sendQueuedEmails(deps.jobs, emailIds);
  return record;
}

/** GET /v1/portal/home: counts, totals and to-dos across the user's organisations. */
export async function portalHome(db: DbOrTx, scope: PortalScope): Promise<PortalHomeAnswer> {
  const records = await portalRecords(db, scope);
  const [figures, waiting] = await Promise.all([ownPaymentFigures(db, scope, records), ownWaitingPayments(db, scope, records)]);
  const documents = await documentFigures(db, { scope, records });
  const paymentTodos: PortalTodoItem[] = waiting.map((payment) => ({
    todoType: 'Payment needs payout method',
    id: payment.id,
    org_id: payment.org_id,
    title: `${payment.org_name}: ${payment.memo || 'Payment'} (${formatCents(payment.amount)})`,
    amount: payment.amount,
    link: `/creator/settings?tab=payment_details&org=${payment.org_id}`,
  }));
  return {
    ...figures,
    contracts: documents.contracts ?? 0,
    invoices: documents.invoices ?? 0,
    todos: [...(documents.todos ?? []), ...paymentTodos],
  };
}
