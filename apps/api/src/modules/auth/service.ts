import { eq } from 'drizzle-orm';
import {
  accountMessages,
  passkeyMessages,
  twoFactorMessages,
  type ChangePasswordBody,
  type PasskeyAssertion,
  type SignInBody,
} from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import { users, type User } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { consumeRateLimit, rateLimits } from '../../lib/rate-limit.ts';
import { recordAudit } from '../audit/index.ts';
import { findUsableLink, markLinkUsed } from '../links/index.ts';
import { checkAudience } from './audience.ts';
import { setUserPassword } from './credentials.ts';
import { checkPasskeyFactor } from './passkeys.ts';
import { readDeviceToken, signDeviceToken } from './device.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { endAllSessions, endOtherSessions, endSession, startSession, type SessionResult } from './sessions.ts';
import { checkSecondFactor } from './two-factor.ts';
import { beginSignInAttempt, failSignInAttempt, mayIssueNewDevice, succeedSignInAttempt } from './throttle.ts';

const INVALID_CREDENTIALS_MESSAGE = 'Incorrect email or password';

/** A session, and the device token to keep (a known device from now on: device.ts). */
type SignInResult = { session: SessionResult; device_token: string };

export async function signIn(deps: AppDeps, body: SignInBody & { ip: string; device_token?: string | undefined }): Promise<SignInResult> {
  const user = (await deps.db.select().from(users).where(eq(users.email, body.email)).limit(1))[0];
  const claimed = readDeviceToken(deps.secrets, body.device_token);
  // A device counts as known for the account it signed in to, and only that one; any other
  // device cookie (a new browser's) is throttled on its own, not with its address (throttle.ts).
  const device = claimed && user && claimed.user_id === user.id ? claimed : null;
  const attempt = { email: body.email, ip: body.ip, device, device_id: claimed && !device ? claimed.device_id : null };
  const throttleKey = await beginSignInAttempt(deps.db, attempt);
  const isMatch = await verifyPassword(user?.password_hash ?? null, body.password);
  if (!user || !isMatch) {
    await failSignInAttempt(deps.db, attempt);
    if (user) await auditSignIn(deps, user, 401);
    throw new AppError('invalid_credentials', INVALID_CREDENTIALS_MESSAGE);
  }
  // A wrong second factor counts as a failed attempt: the same back-off as a wrong password.
  const factorVerified = await checkSignInFactor(deps, user, body);
  if (factorVerified === false) {
    await failSignInAttempt(deps.db, attempt);
    throw new AppError('invalid_credentials', body.passkey ? passkeyMessages.refused : twoFactorMessages.wrongCode, { field: 'code' });
  }
  await succeedSignInAttempt(deps.db, throttleKey);
  checkAudience(user, body.audience);
  const session = await startSession(deps.db, user, deps.config.sessionTtlHours, { factorVerified: factorVerified === true });
  await auditSignIn(deps, user, 200);
  // The same device id again (its cookie's year starts over), or a new one.
  const device_token = signDeviceToken(deps.secrets, { device_id: claimed?.device_id ?? newId(), user_id: user.id });
  return { session, device_token };
}

/**
 * The device cookie for a client that has none, answered with a refused sign-in: from then on
 * its attempts are counted on their own, so other people's failures at the same address do not
 * lock it out. It names no account (it is not a known device of any); an address gets a limited
 * number a hour (throttle.ts). Null when the client has a valid one, or the address had its share.
 */
export async function newDeviceToken(deps: AppDeps, options: { ip: string; device_token: string | undefined }): Promise<string | null> {
  if (readDeviceToken(deps.secrets, options.device_token)) return null;
  if (!(await mayIssueNewDevice(deps.db, options.ip))) return null;
  return signDeviceToken(deps.secrets, { device_id: newId(), user_id: '' });
}

/**
 * After the right password: an account with two-factor on also needs its code or one of its
 * passkeys (asked for with two_factor_required, so the sign-in form shows the code field and the
 * passkey button); true once a factor was proved, false for a wrong one, null for an account
 * without two-factor.
 */
async function checkSignInFactor(
  deps: AppDeps,
  user: User,
  factor: { code?: string | undefined; passkey?: PasskeyAssertion | undefined },
): Promise<boolean | null> {
  if (!user.two_factor_at) return null;
  if (factor.passkey) return checkPasskeyFactor(deps, user, factor.passkey);
  if (!factor.code) {
    throw new AppError('unauthorized', twoFactorMessages.codeRequired, { field: 'code', details: { two_factor_required: true } });
  }
  return checkSecondFactor(deps, user, factor.code);
}

/** A team member's sign-in, or a wrong password for their account, in the organisation's audit log (no address, no IP). */
async function auditSignIn(deps: AppDeps, user: User, statusCode: 200 | 401): Promise<void> {
  if (user.is_external) return;
  const action = statusCode === 200 ? 'sign_in' : 'sign_in.failed';
  await recordAudit(deps.db, { org_id: user.org_id, actor_user_id: user.id, user_id: user.id, action, status_code: statusCode });
}

export async function signOut(deps: AppDeps, sessionId: string): Promise<void> {
  await endSession(deps.db, sessionId);
}

export async function changePassword(deps: AppDeps, options: { user: User; session_id: string } & ChangePasswordBody): Promise<void> {
  const isMatch = await verifyPassword(options.user.password_hash, options.current_password);
  if (!isMatch) throw new AppError('validation_error', accountMessages.wrongPassword, { field: 'current_password' });
  const password_hash = await hashPassword(options.new_password);
  await deps.db.transaction(async (tx) => {
    await setUserPassword(tx, { user_id: options.user.id, password_hash });
    // Other devices signed in with the old password are signed out; this one stays.
    await endOtherSessions(tx, options.user.id, options.session_id);
  });
}

/** Sets the password from a password-reset or invitation link (one use) and signs the person in. */
export async function setPasswordFromLink(
  deps: AppDeps,
  options: { linkId: string; password: string; code?: string | undefined },
): Promise<SessionResult> {
  const password_hash = await hashPassword(options.password);
  return deps.db.transaction(async (tx) => {
    const link = await findUsableLink(tx, options.linkId, { forUpdate: true });
    if ((link.type !== 'password_reset' && link.type !== 'invitation') || !link.user_id) {
      throw new AppError('gone', accountMessages.invalidLink);
    }
    // An account with two-factor on gives its code here too (before the link is spent, so a
    // missing or wrong code leaves the link usable).
    const [owner] = await tx.select().from(users).where(eq(users.id, link.user_id));
    if (owner?.two_factor_at && options.code) await consumeRateLimit(deps.db, rateLimits.twoFactorCodePerUser, owner.id);
    const factorVerified = owner ? await checkSignInFactor(deps, owner, { code: options.code }) : null;
    if (factorVerified === false) throw new AppError('invalid_credentials', twoFactorMessages.wrongCode, { field: 'code' });
    await markLinkUsed(tx, link);
    // Ends every other link of the account too: using one link spends them all.
    const user = await setUserPassword(tx, { user_id: link.user_id, password_hash });
    if (!user) throw new AppError('gone', accountMessages.invalidLink);
    await endAllSessions(tx, user.id);
    return startSession(tx, user, deps.config.sessionTtlHours, { factorVerified: factorVerified === true });
  });
}
