import { eq } from 'drizzle-orm';
import {
  DEFAULT_ORG_ID,
  signInMessages,
  type ChangePasswordBody,
  type ResetPasswordBody,
  type SignInBody,
  type SignUpBody,
} from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import { users, type User } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { consumeRateLimit, rateLimits } from '../../lib/rate-limit.ts';
import { queueEmail } from '../email/index.ts';
import { sendQueuedEmails } from '../email/index.ts';
import { createExpiringLink, findUsableLink, markLinkUsed } from '../links/index.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { endAllSessions, endOtherSessions, endSession, startSession, type SessionResult } from './sessions.ts';

export const INVALID_CREDENTIALS_MESSAGE = 'Incorrect email or password';

export async function signUp(deps: AppDeps, body: SignUpBody): Promise<SessionResult> {
  const password_hash = await hashPassword(body.password);
  return deps.db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({ id: newId(), email: body.email, password_hash, org_id: DEFAULT_ORG_ID, role: 'owner' })
      .onConflictDoNothing({ target: users.email })
      .returning();
    if (!user) throw new AppError('conflict', 'An account with this email already exists', { field: 'email' });
    return startSession(tx, user, deps.config.sessionTtlHours);
  });
}

export async function signIn(deps: AppDeps, body: SignInBody & { ip: string }): Promise<SessionResult> {
  await consumeRateLimit(deps.db, rateLimits.signInPerIp, body.ip);
  await consumeRateLimit(deps.db, rateLimits.signInPerEmail, body.email);
  const user = (await deps.db.select().from(users).where(eq(users.email, body.email)).limit(1))[0];
  const isMatch = await verifyPassword(user?.password_hash ?? null, body.password);
  if (!user || !isMatch) throw new AppError('invalid_credentials', INVALID_CREDENTIALS_MESSAGE);
  // The sign-in toggle means something: the wrong side is told which one to use (only after the
  // password matched, so it tells nothing about accounts to someone without it).
  if (body.audience === 'team' && user.is_external) throw new AppError('forbidden', signInMessages.useCreatorSide, { field: 'audience' });
  if (body.audience === 'creator' && !user.is_external) throw new AppError('forbidden', signInMessages.useTeamSide, { field: 'audience' });
  return startSession(deps.db, user, deps.config.sessionTtlHours);
}

export async function signOut(deps: AppDeps, sessionId: string): Promise<void> {
  await endSession(deps.db, sessionId);
}

export async function changePassword(deps: AppDeps, options: { user: User; session_id: string } & ChangePasswordBody): Promise<void> {
  const isMatch = await verifyPassword(options.user.password_hash, options.current_password);
  if (!isMatch) throw new AppError('validation_error', 'Your current password is incorrect', { field: 'current_password' });
  const password_hash = await hashPassword(options.new_password);
  await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ password_hash }).where(eq(users.id, options.user.id));
    // Other devices signed in with the old password are signed out; this one stays.
    await endOtherSessions(tx, options.user.id, options.session_id);
  });
}

/**
 * Emails a set-new-password link when the account exists. The answer is the same either way,
 * so the form cannot be used to learn who has an account.
 */
export async function requestPasswordReset(deps: AppDeps, body: ResetPasswordBody & { ip: string }): Promise<void> {
  await consumeRateLimit(deps.db, rateLimits.resetPerIp, body.ip);
  await consumeRateLimit(deps.db, rateLimits.resetPerEmail, body.email);
  const emailId = await deps.db.transaction(async (tx) => {
    const user = (await tx.select().from(users).where(eq(users.email, body.email)).limit(1))[0];
    if (!user) return null;
    const linkId = await createExpiringLink(tx, { type: 'password_reset', user_id: user.id, org_id: null });
    return queueEmail(tx, {
      to: user.email,
      subject: 'Reset your Crewpay password',
      paragraphs: [
        'We received a request to reset the password of your Crewpay account.',
        'The link below works once and expires in 1 hour. If you did not ask for this, you can ignore this email.',
      ],
      links: [{ label: 'Set a new password', url: `${deps.config.publicUrl}/resetPassword/${linkId}` }],
    });
  });
  if (emailId) await sendQueuedEmails(deps.jobs, [emailId]);
}

/** Sets the password from a password-reset or invitation link (one use) and signs the person in. */
export async function setPasswordFromLink(deps: AppDeps, options: { linkId: string; password: string }): Promise<SessionResult> {
  const password_hash = await hashPassword(options.password);
  return deps.db.transaction(async (tx) => {
    const link = await findUsableLink(tx, options.linkId, { forUpdate: true });
    if ((link.type !== 'password_reset' && link.type !== 'invitation') || !link.user_id) {
      throw new AppError('gone', 'Sorry! This link is no longer valid.');
    }
    const [user] = await tx.update(users).set({ password_hash }).where(eq(users.id, link.user_id)).returning();
    if (!user) throw new AppError('gone', 'Sorry! This link is no longer valid.');
    await markLinkUsed(tx, link);
    await endAllSessions(tx, user.id);
    return startSession(tx, user, deps.config.sessionTtlHours);
  });
}
