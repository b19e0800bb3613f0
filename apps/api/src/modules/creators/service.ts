import { and, eq, inArray } from 'drizzle-orm';
import {
  canChangePayoutDetails,
  creatorMessages,
  creatorName,
  nameIssues,
  payoutDetailsMessages,
  type CreateCreatorBody,
  type CreatorRecord,
  type UpdateCreatorBody,
} from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import { inUnit } from '../../events/dispatcher.ts';
import type { DbOrTx } from '../../db/client.ts';
import { columnsToSet } from '../../db/update-columns.ts';
import { creators, payments, users, type Creator, type NewCreator, type User } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { sendQueuedEmails } from '../email/index.ts';
import { changedPayoutFields, hasPayoutDetails, recordPayoutChange } from '../payout-changes/index.ts';
import { ensureCreatorAccounts, retryOnAccountRace } from './accounts.ts';
import { assertCanAddCreator, lockOrg } from './plan.ts';
import { findCreatorRow, getCreator } from './queries.ts';
import { sealSecret, secretChange } from './secrets.ts';

/** The columns of a new creator from a validated add-creator body (bank numbers sealed). */
export function newCreatorValues(
  deps: AppDeps,
  options: { org_id: string; user_id: string | null; created_by: string | null; body: CreateCreatorBody },
): NewCreator {
  const { body } = options;
  const account = body.account_number ? sealSecret(deps.secrets, body.account_number) : null;
  const routing = body.routing_number ? sealSecret(deps.secrets, body.routing_number) : null;
  return {
    id: newId(),
    org_id: options.org_id,
    user_id: options.user_id,
    email: body.email,
    entity_type: body.entity_type,
    first_name: body.first_name ?? null,
    last_name: body.last_name ?? null,
    business_name: body.business_name ?? null,
    phone_number: body.phone_number ?? null,
    account_number: account?.sealed ?? null,
    account_number_last4: account?.last4 ?? null,
    routing_number: routing?.sealed ?? null,
    routing_number_last4: routing?.last4 ?? null,
    // A creator added with bank details is paid to that account until they choose otherwise.
    selected_payment_method: account ? 'stripe' : null,
    created_by: options.created_by,
  };
}

/** Adds one creator (free plan: refused at 5 or more) and emails them the portal invitation. */
export async function createCreator(
  deps: AppDeps,
  options: { org_id: string; created_by: string; body: CreateCreatorBody },
): Promise<CreatorRecord> {
  const { creatorId, emailIds } = await retryOnAccountRace(() =>
    deps.db.transaction(async (tx) => {
      const org = await lockOrg(tx, options.org_id);
      await assertCanAddCreator(tx, org);
      const duplicate = (
        await tx
          .select()
          .from(creators)
          .where(and(eq(creators.org_id, org.id), eq(creators.email, options.body.email)))
          .limit(1)
      )[0];
      if (duplicate) throw new AppError('conflict', creatorMessages.duplicate, { field: 'email' });
      const { userIds, emailIds } = await ensureCreatorAccounts(tx, deps, { org, people: [options.body] });
      const values = newCreatorValues(deps, {
        org_id: org.id,
        user_id: userIds.get(options.body.email) ?? null,
        created_by: options.created_by,
        body: options.body,
      });
      await tx.insert(creators).values(values);
      return { creatorId: values.id!, emailIds };
    }),
  );
  await sendQueuedEmails(deps.jobs, emailIds);
  return getCreator(deps.db, { org_id: options.org_id, id: creatorId });
}

async function assertPerson(tx: DbOrTx, options: { org_id: string; id: string; flag: 'is_agent' | 'is_manager' }): Promise<void> {
  const person = (
    await tx
      .select()
      .from(users)
      .where(and(eq(users.org_id, options.org_id), eq(users.id, options.id)))
      .limit(1)
  )[0];
  if (!person || !person[options.flag]) {
    const what = options.flag === 'is_agent' ? 'Agent' : 'Manager';
    throw new AppError('not_found', `${what} not found`, { field: options.flag === 'is_agent' ? 'agent_id' : 'manager_id' });
  }
}

/** The payout method needs its details; removing the details of the selected method clears it. */
function payoutIssues(next: Creator): { field: string; message: string } | null {
  const hasBank = next.account_number !== null && next.routing_number !== null;
  if (next.account_number !== null && next.routing_number === null)
    return { field: 'routing_number', message: 'This field is required and must be 9 digits' };
  if (next.routing_number !== null && next.account_number === null)
    return { field: 'account_number', message: 'This field is required and must be 4 to 17 digits' };
  const method = next.selected_payment_method;
  if ((method === 'stripe' || method === 'nium') && !hasBank)
    return { field: 'selected_payment_method', message: 'Add a bank account first' };
  if (method === 'paypal' && !next.paypal_email) return { field: 'selected_payment_method', message: 'Add a PayPal email first' };
  if (method === 'venmo' && !next.venmo_phone_number)
    return { field: 'selected_payment_method', message: 'Add a Venmo phone number first' };
  return null;
}

/** PUT /v1/creators/{id}: applies the changed fields; tok_ values leave the stored secrets as they are. */
export async function updateCreator(
  deps: AppDeps,
  options: {
    org_id: string;
    id: string;
    body: UpdateCreatorBody;
    actor: Pick<User, 'id' | 'role'>;
    /** The route's audit row (a split change), written with the change. */
    audit?: (tx: DbOrTx) => Promise<void>;
  },
): Promise<CreatorRecord> {
  const { id: bodyId, account_number, routing_number, state_tax_id, ...fields } = options.body;
  if (bodyId !== undefined && bodyId !== options.id)
    throw new AppError('validation_error', 'The id in the body does not match the address', { field: 'id' });
  const emailIds = await inUnit(deps, async (unit) => {
    const { tx } = unit;
    const current = await findCreatorRow(tx, { org_id: options.org_id, id: options.id, forUpdate: true });
    if (fields.agent_id) await assertPerson(tx, { org_id: options.org_id, id: fields.agent_id, flag: 'is_agent' });
    if (fields.manager_id) await assertPerson(tx, { org_id: options.org_id, id: fields.manager_id, flag: 'is_manager' });
    const changes: Partial<Creator> = { ...fields };
    const account = secretChange(deps.secrets, account_number);
    if (account !== undefined)
      Object.assign(changes, { account_number: account?.sealed ?? null, account_number_last4: account?.last4 ?? null });
    const routing = secretChange(deps.secrets, routing_number);
    if (routing !== undefined)
      Object.assign(changes, { routing_number: routing?.sealed ?? null, routing_number_last4: routing?.last4 ?? null });
    const taxId = secretChange(deps.secrets, state_tax_id);
    if (taxId !== undefined) changes.state_tax_id = taxId?.sealed ?? null;

    const next: Creator = { ...current, ...changes };
    await assertIdentityKept(tx, current, next);
    // Removing the details of the selected method clears the selection, as removing the method does.
    const isSelectionSent = 'selected_payment_method' in fields;
    if (!isSelectionSent && payoutIssues(next)?.field === 'selected_payment_method')
      next.selected_payment_method = changes.selected_payment_method = null;
    const issue =
      payoutIssues(next) ??
      nameIssues({
        ...next,
        first_name: next.first_name ?? undefined,
        last_name: next.last_name ?? undefined,
        business_name: next.business_name ?? undefined,
      }).map((i) => ({ field: i.path, message: i.message }))[0];
    if (issue) throw new AppError('validation_error', issue.message, { field: issue.field });
    const payoutFields = changedPayoutFields(current, changes);
    if (payoutFields.length > 0 && !canChangePayoutDetails(options.actor.role))
      throw new AppError('forbidden', payoutDetailsMessages.onlyOwnersAndAdmins);
    const toSet = columnsToSet(changes);
    if (!toSet) return [];
    await tx
      .update(creators)
      .set(toSet)
      .where(and(eq(creators.org_id, options.org_id), eq(creators.id, options.id)));
    await options.audit?.(tx);
    // A changed destination of money is never silent: owners and the creator are told, and it is recorded.
    return recordPayoutChange(unit, {
      org_id: options.org_id,
      payee: {
        type: 'creator',
        id: current.id,
        name: creatorDisplayName(next),
        email: next.email,
        previous_email: current.email !== next.email ? current.email : null,
        link: `/creators/${current.id}`,
      },
      source: 'staff',
      changed_by_user_id: options.actor.id,
      fields: payoutFields,
      replacesDetails: hasPayoutDetails(current),
    });
  });
  await sendQueuedEmails(deps.jobs, emailIds);
  return getCreator(deps.db, { org_id: options.org_id, id: options.id });
}

/** What a payee link writes on a creator: payout method (sealed), tax identity and home address. */
type CreatorPayeeDetails = Pick<
  NewCreator,
  | 'selected_payment_method'
  | 'account_number'
  | 'account_number_last4'
  | 'routing_number'
  | 'routing_number_last4'
  | 'paypal_email'
  | 'venmo_phone_number'
  | 'entity_type'
  | 'legal_entity_type'
  | 'first_name'
  | 'last_name'
  | 'date_of_birth'
  | 'business_name'
  | 'state_tax_id'
  | 'address_line_1'
  | 'address_line_2'
  | 'address_city'
  | 'address_state'
  | 'address_zip'
>;

/** The payee page's one write on a creator (payees/payee.ts goes through here, not the table). */
export async function saveCreatorPayeeDetails(
  tx: DbOrTx,
  options: { org_id: string; id: string; details: Partial<CreatorPayeeDetails> },
): Promise<Creator | null> {
  const changes = columnsToSet(options.details);
  if (!changes) return findCreatorForPayee(tx, options);
  const [row] = await tx
    .update(creators)
    .set(changes)
    .where(and(eq(creators.org_id, options.org_id), eq(creators.id, options.id)))
    .returning();
  return row ?? null;
}

/** The creator row itself (the payee page compares identities before writing). */
export async function findCreatorForPayee(tx: DbOrTx, options: { org_id: string; id: string }): Promise<Creator | null> {
  const [row] = await tx
    .select()
    .from(creators)
    .where(and(eq(creators.org_id, options.org_id), eq(creators.id, options.id)));
  return row ?? null;
}

/** The name owners and the payee read in a payout-change notice. */
export function creatorDisplayName(creator: Pick<Creator, 'entity_type' | 'first_name' | 'last_name' | 'business_name' | 'email'>): string {
  return creatorName(creator) || creator.email;
}

const identityKeptMessage = 'This creator has been paid under this legal name and entity type, which cannot be changed any more';

/**
 * Payments already executed were made to a legal identity (entity type, names, business name);
 * an edit never rewrites it, so past payments keep showing, and being reported under, the name
 * they were paid to. Before any payment executed, the identity can still be corrected.
 */
async function assertIdentityKept(tx: DbOrTx, current: Creator, next: Creator): Promise<void> {
  const keys = ['entity_type', 'first_name', 'last_name', 'business_name'] as const;
  const normal = (value: string | null) => (value ?? '').trim();
  if (keys.every((key) => normal(current[key]) === normal(next[key]))) return;
  const [executed] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.org_id, current.org_id),
        eq(payments.recipient, current.id),
        inArray(payments.status, ['processing', 'succeeded', 'returned', 'failed']),
      ),
    )
    .limit(1);
  if (executed)
    throw new AppError('validation_error', identityKeptMessage, {
      field: next.entity_type === 'business' ? 'business_name' : 'first_name',
    });
}
