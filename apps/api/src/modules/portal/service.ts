import { and, eq } from 'drizzle-orm';
import { formatCents, type CreatorUserRecord, type CreatorUserUpdateBody, type PortalHomeAnswer, type PortalTodoItem } from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import type { DbOrTx } from '../../db/client.ts';
import { creators, orgs, type Creator, type Org } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { secretToken } from '../creators/index.ts';
import { sendQueuedEmails } from '../email/index.ts';
import { applyPayeeDetails } from '../payments/index.ts';
import { runProviderCallsSoon } from '../provider-calls/index.ts';
import { collectContributions } from './contributors.ts';
import { ownPaymentFigures, ownWaitingPayments } from './queries.ts';
import { inScope, portalRecords, type PortalScope } from './scope.ts';

export const CREATOR_NOT_FOUND = 'Creator not found';

/** The allowlist of what a creator reads about themselves: secrets as tok_ values and last four only. */
function toCreatorUserRecord(creator: Creator, org: Org): CreatorUserRecord {
  const entityType = creator.legal_entity_type ?? (creator.entity_type === 'individual' ? 'individual' : null);
  return {
    id: creator.id,
    org_id: org.id,
    org_name: org.name,
    is_paypal_enabled: org.paypal_enabled,
    email: creator.email,
    first_name: creator.first_name,
    last_name: creator.last_name,
    date_of_birth: creator.date_of_birth,
    business_name: creator.business_name,
    entity_type: entityType,
    tax_id: secretToken(creator.state_tax_id),
    account_number: secretToken(creator.account_number),
    account_number_last4: creator.account_number ? creator.account_number_last4 : null,
    routing_number: secretToken(creator.routing_number),
    routing_number_last4: creator.routing_number ? creator.routing_number_last4 : null,
    selected_payment_method: creator.selected_payment_method,
    paypal_email: creator.paypal_email,
    venmo_phone_number: creator.venmo_phone_number,
    address_line_1: creator.address_line_1,
    address_line_2: creator.address_line_2,
    address_city: creator.address_city,
    address_state: creator.address_state,
    address_zip: creator.address_zip,
  };
}

/** GET /v1/creators/user: the user's creator record in each organisation (scoped while acting). */
export async function listOwnCreatorRecords(db: DbOrTx, scope: PortalScope): Promise<CreatorUserRecord[]> {
  const rows = await db
    .select({ creator: creators, org: orgs })
    .from(creators)
    .innerJoin(orgs, eq(orgs.id, creators.org_id))
    .where(and(eq(creators.user_id, scope.user.id), inScope(scope, creators.org_id)))
    .orderBy(orgs.name, creators.id);
  return rows.map((row) => toCreatorUserRecord(row.creator, row.org));
}

/** One of the user's own creator rows, locked for the update; another creator's id is 404. */
async function findOwnCreator(tx: DbOrTx, scope: PortalScope, id: string) {
  const [row] = await tx
    .select({ creator: creators, org: orgs })
    .from(creators)
    .innerJoin(orgs, eq(orgs.id, creators.org_id))
    .where(and(eq(creators.id, id), eq(creators.user_id, scope.user.id), inScope(scope, creators.org_id)))
    .for('update', { of: creators });
  if (!row) throw new AppError('not_found', CREATOR_NOT_FOUND);
  return row;
}

/**
 * PUT /v1/creators/user/{id}: the creator's own payout, tax and address details for one
 * organisation. The same path as the payee link (payments' applyPayeeDetails): tok_ values keep
 * the stored secrets, the change is recorded and told, waiting payments start.
 */
export async function updateOwnCreatorRecord(
  deps: AppDeps,
  options: { scope: PortalScope; id: string; body: CreatorUserUpdateBody; changed_by_user_id: string },
): Promise<CreatorUserRecord> {
  if (options.body.id !== undefined && options.body.id !== options.id)
    throw new AppError('validation_error', 'The id in the body does not match the address', { field: 'id' });
  const result = await deps.db.transaction(async (tx) => {
    const { org } = await findOwnCreator(tx, options.scope, options.id);
    const { person, emailIds, callIds } = await applyPayeeDetails(deps, tx, {
      org,
      recipient: options.id,
      recipient_role: 'creator',
      body: options.body,
      source: 'portal',
      changed_by_user_id: options.changed_by_user_id,
    });
    return { record: toCreatorUserRecord(person as Creator, org), emailIds, callIds };
  });
  const { record, emailIds, callIds } = result;
  await runProviderCallsSoon(deps, callIds);
  await sendQueuedEmails(deps.jobs, emailIds);
  return record;
}

/** GET /v1/portal/home: counts, totals and to-dos across the user's organisations. */
export async function portalHome(db: DbOrTx, scope: PortalScope): Promise<PortalHomeAnswer> {
  const records = await portalRecords(db, scope);
  const [figures, waiting, contributions] = await Promise.all([
    ownPaymentFigures(db, scope, records),
    ownWaitingPayments(db, scope, records),
    collectContributions(db, { scope, records }),
  ]);
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
    contracts: contributions.reduce((sum, item) => sum + (item.contracts ?? 0), 0),
    invoices: contributions.reduce((sum, item) => sum + (item.invoices ?? 0), 0),
    todos: [...contributions.flatMap((item) => item.todos ?? []), ...paymentTodos],
  };
}
