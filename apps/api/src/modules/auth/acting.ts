import { and, eq } from 'drizzle-orm';
import { ACTING_MINUTES, canActAs, loginAsMessages } from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { creators, customers, sessions, users, type User } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { recordAudit } from '../audit/index.ts';
import { sendQueuedEmails } from '../email/index.ts';
import { tellActedFor } from './acting-notice.ts';

/** Whether an external account is a creator or customer of `orgId` (its own records there). */
async function isExternalOf(tx: DbOrTx, orgId: string, userId: string): Promise<boolean> {
  const [creator] = await tx
    .select({ id: creators.id })
    .from(creators)
    .where(and(eq(creators.org_id, orgId), eq(creators.user_id, userId)))
    .limit(1);
  if (creator) return true;
  const [customer] = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.org_id, orgId), eq(customers.user_id, userId)))
    .limit(1);
  return Boolean(customer);
}

/**
 * The login-as rules: only an owner or admin, signed in with a session (not an API key) and not
 * already acting, may act as a member of their own organisation of the same or a lower role, or
 * as a creator or customer of their organisation. Anyone else's id is 404, as if it did not exist.
 */
async function assertMayActAs(db: DbOrTx, auth: AuthContext, targetId: string): Promise<User> {
  const caller = auth.user;
  if (auth.actor) throw new AppError('conflict', loginAsMessages.whileActing);
  if (caller.is_external) throw new AppError('forbidden', loginAsMessages.externalRefused);
  if (!auth.session_id || (caller.role !== 'owner' && caller.role !== 'admin')) throw new AppError('forbidden', loginAsMessages.notAllowed);
  if (targetId === caller.id) throw new AppError('validation_error', loginAsMessages.self, { field: 'user_id' });
  const target = (await db.select().from(users).where(eq(users.id, targetId)).limit(1))[0];
  if (!target) throw new AppError('not_found', loginAsMessages.notFound);
  const isOwn = target.is_external ? await isExternalOf(db, caller.org_id, target.id) : target.org_id === caller.org_id;
  if (!isOwn) throw new AppError('not_found', loginAsMessages.notFound);
  if (!canActAs(caller.role, target.role)) throw new AppError('forbidden', loginAsMessages.higherRole);
  return target;
}

/**
 * POST /v1/users/loginas: this session acts as the target for ACTING_MINUTES at most (or until
 * the way back is taken), and the target is told (tellActedFor).
 */
export async function startActingAs(deps: AppDeps, auth: AuthContext, targetId: string): Promise<AuthContext> {
  const started_at = new Date();
  const expires_at = new Date(started_at.getTime() + ACTING_MINUTES * 60_000);
  const { acting, emailIds } = await deps.db.transaction(async (tx) => {
    const target = await assertMayActAs(tx, auth, targetId);
    await tx
      .update(sessions)
      .set({ acting_as_user_id: target.id, acting_started_at: started_at, acting_expires_at: expires_at })
      .where(eq(sessions.id, auth.session_id));
    await recordAudit(tx, {
      org_id: auth.user.org_id,
      actor_user_id: auth.user.id,
      user_id: target.id,
      action: 'login_as.start',
      target_id: target.id,
      status_code: 200,
      details: { expires_at: expires_at.toISOString() },
    });
    const ids = await tellActedFor(tx, deps, { actor: auth.user, acted_for: target, started_at, expires_at });
    return { acting: { ...auth, user: target, actor: auth.user, acting_expires_at: expires_at }, emailIds: ids };
  });
  await sendQueuedEmails(deps.jobs, emailIds);
  return acting;
}

/** DELETE /v1/users/loginas: back to the real user's own account (nothing to do when not acting). */
export async function stopActing(db: Db, auth: AuthContext): Promise<User> {
  if (!auth.actor) return auth.user;
  const actor = auth.actor;
  await db.transaction(async (tx) => {
    await tx
      .update(sessions)
      .set({ acting_as_user_id: null, acting_started_at: null, acting_expires_at: null })
      .where(eq(sessions.id, auth.session_id));
    await recordAudit(tx, {
      org_id: actor.org_id,
      actor_user_id: actor.id,
      user_id: auth.user.id,
      action: 'login_as.end',
      target_id: auth.user.id,
      status_code: 200,
    });
  });
  return actor;
}
