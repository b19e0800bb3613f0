import { and, asc, eq, ne, or } from 'drizzle-orm';
import { memberMessages, roleLabels, type InviteUserBody, type UpdateUserBody } from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import { inUnit } from '../../events/dispatcher.ts';
import type { DbOrTx } from '../../db/client.ts';
import { columnsToSet } from '../../db/update-columns.ts';
import { users, type User } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { queueEmail } from '../email/index.ts';
import { sendQueuedEmails } from '../email/index.ts';
import { createExpiringLink } from '../links/index.ts';
import { changedPayoutFields, recordPayoutChange } from '../payout-changes/index.ts';
import { findOrg } from '../orgs/index.ts';
import { assertMayDelete, assertMayInvite, assertMayUpdate } from './rules.ts';

/** Writes the route's audit row in the change's transaction (request.recordAudit). */
type RouteAudit = (tx: DbOrTx) => Promise<void>;

/** People /v1/users manages: staff members, and the agents and managers (payees) of the organisation. */
const managedBy = (orgId: string) =>
  and(eq(users.org_id, orgId), or(eq(users.is_external, false), eq(users.is_agent, true), eq(users.is_manager, true)));

export async function listUsers(db: DbOrTx, options: { org_id: string; isAgentManager?: boolean | undefined }): Promise<User[]> {
  const filter = options.isAgentManager
    ? and(eq(users.org_id, options.org_id), or(eq(users.is_agent, true), eq(users.is_manager, true)))
    : and(eq(users.org_id, options.org_id), eq(users.is_external, false));
  return db.select().from(users).where(filter).orderBy(asc(users.created_at), asc(users.id));
}

export async function findUser(db: DbOrTx, options: { org_id: string; id: string; forUpdate?: boolean }): Promise<User> {
  const query = db
    .select()
    .from(users)
    .where(and(managedBy(options.org_id), eq(users.id, options.id)))
    .limit(1);
  const [user] = options.forUpdate ? await query.for('update') : await query;
  if (!user) throw new AppError('not_found', memberMessages.notFound);
  return user;
}

async function assertEmailFree(tx: DbOrTx, email: string, exceptId?: string): Promise<void> {
  const taken = (
    await tx
      .select()
      .from(users)
      .where(exceptId ? and(eq(users.email, email), ne(users.id, exceptId)) : eq(users.email, email))
      .limit(1)
  )[0];
  if (taken) throw new AppError('conflict', memberMessages.exists, { field: 'email' });
}

/**
 * POST /v1/users. A member (with a role) gets an account in the organisation and an emailed
 * invitation to choose a password; an agent or manager (no role) is a payee account of the
 * organisation without a password, paid through payout links.
 */
export async function inviteUser(deps: AppDeps, options: { actor: User; body: InviteUserBody; audit?: RouteAudit }): Promise<User> {
  const { actor, body } = options;
  const org = await findOrg(deps.db, actor.org_id);
  assertMayInvite(actor, org, body);
  const { user, emailId } = await deps.db.transaction(async (tx) => {
    await assertEmailFree(tx, body.email);
    const [user] = await tx
      .insert(users)
      .values({
        id: newId(),
        email: body.email,
        org_id: org.id,
        role: body.role ?? 'creator',
        is_external: !body.role,
        is_agent: body.is_agent,
        is_manager: body.is_manager,
        first_name: body.first_name ?? null,
        last_name: body.last_name ?? null,
        phone_number: body.phone_number ?? null,
      })
      .onConflictDoNothing({ target: users.email })
      .returning();
    if (!user) throw new AppError('conflict', memberMessages.exists, { field: 'email' });
    await options.audit?.(tx);
    if (!body.role) return { user, emailId: null };
    const linkId = await createExpiringLink(tx, { type: 'invitation', org_id: org.id, user_id: user.id });
    const emailId = await queueEmail(tx, {
      org_id: org.id,
      to: user.email,
      subject: `Join ${org.name} on Crewpay`,
      paragraphs: [
        `${actor.first_name ?? actor.email} invited you to join ${org.name} on Crewpay as ${roleLabels[body.role]}.`,
        'Choose a password to join. The link works once and expires in 7 days.',
      ],
      links: [{ label: 'Choose your password', url: `${deps.config.publicUrl}/resetPassword/${linkId}` }],
    });
    return { user, emailId };
  });
  if (emailId) await sendQueuedEmails(deps.jobs, [emailId]);
  return user;
}

export async function updateUser(
  deps: AppDeps,
  options: { actor: User; id: string; body: UpdateUserBody; audit?: RouteAudit },
): Promise<User> {
  const { user, emailIds } = await inUnit(deps, async (unit) => {
    const { tx } = unit;
    const target = await findUser(tx, { org_id: options.actor.org_id, id: options.id, forUpdate: true });
    assertMayUpdate(options.actor, target, options.body);
    if (options.body.email && options.body.email !== target.email) await assertEmailFree(tx, options.body.email, target.id);
    const changes = columnsToSet(options.body);
    await options.audit?.(tx);
    if (!changes) return { user: target, emailIds: [] };
    const [updated] = await tx
      .update(users)
      .set(changes)
      .where(and(eq(users.org_id, target.org_id), eq(users.id, target.id)))
      .returning();
    // An agent's or manager's email is where their payout links go: changing it is a payout change.
    const isPayee = updated!.is_agent || updated!.is_manager;
    const emailIds = isPayee
      ? await recordPayoutChange(unit, {
          org_id: target.org_id,
          payee: {
            type: 'user',
            id: target.id,
            name: [updated!.first_name, updated!.last_name].filter(Boolean).join(' ') || updated!.email,
            email: updated!.email,
            previous_email: target.email !== updated!.email ? target.email : null,
            link: `/agentsManagers/${target.id}`,
          },
          source: 'staff',
          changed_by_user_id: options.actor.id,
          fields: changedPayoutFields(target, { email: updated!.email }),
          replacesDetails: true,
        })
      : [];
    return { user: updated!, emailIds };
  });
  await sendQueuedEmails(deps.jobs, emailIds);
  return user;
}

export async function deleteUser(deps: AppDeps, options: { actor: User; id: string; audit?: RouteAudit }): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const target = await findUser(tx, { org_id: options.actor.org_id, id: options.id, forUpdate: true });
    assertMayDelete(options.actor, target);
    await tx.delete(users).where(and(eq(users.org_id, target.org_id), eq(users.id, target.id)));
    await options.audit?.(tx);
  });
}
