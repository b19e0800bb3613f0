import { and, eq, isNull, sql } from 'drizzle-orm';
import { loginAsMessages, twoFactorMessages, type TotpSetupAnswer, type TwoFactorStatus } from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import type { DbOrTx } from '../../db/client.ts';
import { orgs, passkeys, recoveryCodes, sessions, totpFactors, users, type User } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { consumeRateLimit, rateLimits } from '../../lib/rate-limit.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { recordAudit } from '../audit/index.ts';
import { sendFirstFactorCode, spendFirstFactorCode } from './first-factor.ts';
import { claimFactorAttempt, clearFactorAttempts, failFactorAttempt } from './factor-lock.ts';
import { newTotpSecret, replaceRecoveryCodes, spendSecondFactor, spendTotpCode } from './totp.ts';

/** Your own second factor only: someone acting as you (login-as) never sets up or removes yours. */
export function ownUser(auth: AuthContext): User {
  // The routes' policies refuse acting first; this keeps any other caller honest.
  if (auth.actor) throw new AppError('forbidden', loginAsMessages.noSignInFactors);
  return auth.user;
}

/** Staff entries go to the organisation's audit log; a portal user's factor is their own business. */
export async function auditFactor(tx: DbOrTx, user: User, action: string, statusCode = 200): Promise<void> {
  if (user.is_external) return;
  await recordAudit(tx, { org_id: user.org_id, actor_user_id: user.id, user_id: user.id, action, status_code: statusCode });
}

export async function isRequiredByOrg(db: DbOrTx, user: User): Promise<boolean> {
  if (user.is_external) return false;
  const [org] = await db.select({ required: orgs.require_two_factor }).from(orgs).where(eq(orgs.id, user.org_id));
  return org?.required ?? false;
}

export async function twoFactorStatusOf(deps: AppDeps, user: User): Promise<TwoFactorStatus> {
  const [left] = await deps.db
    .select({ count: sql<number>`count(*)::int` })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.user_id, user.id), isNull(recoveryCodes.used_at)));
  const [keys] = await deps.db
    .select({ count: sql<number>`count(*)::int` })
    .from(passkeys)
    .where(eq(passkeys.user_id, user.id));
  return {
    // Two-factor can be on with passkeys alone: the app is on once its set-up was confirmed.
    totp_enabled: await hasConfirmedApp(deps.db, user.id),
    passkeys: keys?.count ?? 0,
    recovery_codes_left: user.two_factor_at ? (left?.count ?? 0) : 0,
    required_by_org: await isRequiredByOrg(deps.db, user),
  };
}

/** Set-up, step 1: a new secret for the app (replacing an unfinished one); shown this once. */
export async function startTotp(deps: AppDeps, auth: AuthContext): Promise<TotpSetupAnswer> {
  const user = ownUser(auth);
  if (await hasConfirmedApp(deps.db, user.id)) throw new AppError('conflict', twoFactorMessages.alreadyEnrolled);
  const setup = newTotpSecret(user.email);
  const secret_sealed = deps.secrets.encrypt(setup.secret);
  await deps.db
    .insert(totpFactors)
    .values({ user_id: user.id, secret_sealed })
    .onConflictDoUpdate({ target: totpFactors.user_id, set: { secret_sealed, confirmed_at: null, last_time_step: null } });
  return { ...setup, email_code_sent: await sendFirstFactorCode(deps, user) };
}

/**
 * Set-up, step 2: the app's first code proves it holds the secret. Turns two-factor on, answers
 * the recovery codes (shown once), and counts as a fresh factor for this session.
 */
export async function confirmTotp(deps: AppDeps, auth: AuthContext, code: string, emailCode?: string): Promise<string[]> {
  const user = ownUser(auth);
  await consumeRateLimit(deps.db, rateLimits.twoFactorCodePerUser, user.id);
  return deps.db.transaction(async (tx) => {
    const [factor] = await tx.select().from(totpFactors).where(eq(totpFactors.user_id, user.id)).for('update');
    if (!factor) throw new AppError('conflict', twoFactorMessages.notStarted);
    if (factor.confirmed_at) throw new AppError('conflict', twoFactorMessages.alreadyEnrolled);
    if (!(await spendTotpCode(tx, deps.secrets, user.id, code, { isSetUp: true }))) {
      throw new AppError('validation_error', twoFactorMessages.wrongCode, { field: 'code' });
    }
    await spendFirstFactorCode(tx, user, emailCode);
    const now = new Date();
    await tx.update(totpFactors).set({ confirmed_at: now }).where(eq(totpFactors.user_id, user.id));
    await tx.update(users).set({ two_factor_at: now }).where(eq(users.id, user.id));
    await tx.update(sessions).set({ factor_verified_at: now }).where(eq(sessions.id, auth.session_id));
    const codes = await replaceRecoveryCodes(tx, user.id);
    await auditFactor(tx, user, 'two_factor.enrol');
    return codes;
  });
}

async function hasConfirmedApp(db: DbOrTx, userId: string): Promise<boolean> {
  const [app] = await db.select({ at: totpFactors.confirmed_at }).from(totpFactors).where(eq(totpFactors.user_id, userId));
  return Boolean(app?.at);
}

/**
 * Removes the authenticator (a fresh factor was asked first: the route's policy). With no
 * passkey left two-factor sign-in is off and the recovery codes end; a passkey keeps it on.
 */
export async function removeTotp(deps: AppDeps, auth: AuthContext): Promise<void> {
  const user = ownUser(auth);
  if (!(await hasConfirmedApp(deps.db, user.id))) throw new AppError('conflict', twoFactorMessages.notEnrolled);
  const [passkey] = await deps.db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.user_id, user.id)).limit(1);
  if (!passkey && (await isRequiredByOrg(deps.db, user))) throw new AppError('forbidden', twoFactorMessages.cannotRemoveRequired);
  await deps.db.transaction(async (tx) => {
    await tx.delete(totpFactors).where(eq(totpFactors.user_id, user.id));
    if (!passkey) {
      await tx.delete(recoveryCodes).where(eq(recoveryCodes.user_id, user.id));
      await tx.update(users).set({ two_factor_at: null }).where(eq(users.id, user.id));
    }
    await auditFactor(tx, user, 'two_factor.remove');
  });
}

/** New recovery codes in place of the old (all of them end): shown once. */
export async function renewRecoveryCodes(deps: AppDeps, auth: AuthContext): Promise<string[]> {
  const user = ownUser(auth);
  if (!user.two_factor_at) throw new AppError('conflict', twoFactorMessages.notEnrolled);
  return deps.db.transaction((tx) => replaceRecoveryCodes(tx, user.id));
}

/**
 * Checks a second factor for `user`: spends it and records a recovery code's use or a refused
 * code in the audit log. Answers whether it was right.
 */
export async function checkSecondFactor(deps: AppDeps, user: User, code: string): Promise<boolean> {
  // Locked after a few wrong codes, per person (factor-lock.ts): refused before the code is read.
  await claimFactorAttempt(deps, user);
  const spent = await spendSecondFactor(deps.db, deps.secrets, user.id, code);
  if (spent === 'recovery_code') await auditFactor(deps.db, user, 'two_factor.recovery_code_used');
  if (!spent) {
    await auditFactor(deps.db, user, 'two_factor.code_failed', 401);
    await failFactorAttempt(deps, user);
  } else {
    await clearFactorAttempts(deps, user);
  }
  return spent !== null;
}

/** Re-verify: a code now makes this session's factor fresh for the sensitive actions of the next minutes. */
export async function verifyFreshFactor(deps: AppDeps, auth: AuthContext, code: string): Promise<void> {
  const person = auth.actor ?? auth.user;
  if (!person.two_factor_at) throw new AppError('conflict', twoFactorMessages.notEnrolled);
  await consumeRateLimit(deps.db, rateLimits.twoFactorCodePerUser, person.id);
  if (!(await checkSecondFactor(deps, person, code))) {
    throw new AppError('validation_error', twoFactorMessages.wrongCode, { field: 'code' });
  }
  await deps.db.update(sessions).set({ factor_verified_at: new Date() }).where(eq(sessions.id, auth.session_id));
}

/** The owner's switch: every staff member signs in with a second factor. The owner has one first. */
export async function setOrgTwoFactorRequired(deps: AppDeps, owner: User, required: boolean): Promise<void> {
  if (required && !owner.two_factor_at) throw new AppError('conflict', twoFactorMessages.ownerFirst);
  await deps.db.transaction(async (tx) => {
    await tx.update(orgs).set({ require_two_factor: required }).where(eq(orgs.id, owner.org_id));
    await recordAudit(tx, {
      org_id: owner.org_id,
      actor_user_id: owner.id,
      user_id: owner.id,
      action: 'org.two_factor_required',
      status_code: 200,
      details: { required },
    });
  });
}
