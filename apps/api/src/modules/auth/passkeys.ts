import { and, asc, eq } from 'drizzle-orm';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import { passkeyMessages, type PasskeyAssertion, type PasskeyRecord, type PasskeyRegisterBody, type SignInAudience } from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import type { DbOrTx } from '../../db/client.ts';
import { passkeys, recoveryCodes, sessions, totpFactors, users, type Passkey, type User } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { checkAudience } from './audience.ts';
import { sendFirstFactorCode, spendFirstFactorCode } from './first-factor.ts';
import { registrationOptions, verifyAssertion, verifyRegistration } from './passkey-ceremonies.ts';
import { startSession, type SessionResult } from './sessions.ts';
import { auditFactor, isRequiredByOrg, ownUser } from './two-factor.ts';
import { replaceRecoveryCodes } from './totp.ts';

export { authenticationOptions } from './passkey-ceremonies.ts';

const toRecord = (passkey: Passkey): PasskeyRecord => ({
  id: passkey.id,
  name: passkey.name,
  created_at: passkey.created_at.toISOString(),
  last_used_at: passkey.last_used_at?.toISOString() ?? null,
});

const passkeysOf = (db: DbOrTx, userId: string) =>
  db.select().from(passkeys).where(eq(passkeys.user_id, userId)).orderBy(asc(passkeys.created_at));

export async function listPasskeys(deps: AppDeps, user: User): Promise<PasskeyRecord[]> {
  return (await passkeysOf(deps.db, user.id)).map(toRecord);
}

/** Set-up, step 1: options for the browser, with this person's passkeys excluded (one per authenticator). */
export async function startPasskeyRegistration(deps: AppDeps, auth: AuthContext) {
  const user = ownUser(auth);
  const options = await registrationOptions(deps, user, await passkeysOf(deps.db, user.id));
  return { options, email_code_sent: await sendFirstFactorCode(deps, user) };
}

/**
 * Set-up, step 2: keeps the verified credential. As the account's first second factor it turns
 * two-factor sign-in on, answers new recovery codes (shown once; a lost phone must not lock the
 * person out) and counts as a fresh factor for this session, as an authenticator app's set-up does.
 */
export async function registerPasskey(
  deps: AppDeps,
  auth: AuthContext,
  body: PasskeyRegisterBody,
): Promise<{ passkey: PasskeyRecord; recovery_codes: string[] }> {
  const user = ownUser(auth);
  const credential = await verifyRegistration(deps, user, body.credential);
  return deps.db.transaction(async (tx) => {
    await spendFirstFactorCode(tx, user, body.email_code);
    const [passkey] = await tx
      .insert(passkeys)
      .values({
        id: newId(),
        user_id: user.id,
        credential_id: credential.id,
        public_key: isoBase64URL.fromBuffer(credential.publicKey),
        counter: credential.counter,
        transports: credential.transports ?? [],
        name: body.name,
      })
      .onConflictDoNothing({ target: passkeys.credential_id })
      .returning();
    if (!passkey) throw new AppError('conflict', passkeyMessages.refused);
    let recovery_codes: string[] = [];
    if (!user.two_factor_at) {
      const now = new Date();
      await tx.update(users).set({ two_factor_at: now }).where(eq(users.id, user.id));
      await tx.update(sessions).set({ factor_verified_at: now }).where(eq(sessions.id, auth.session_id));
      recovery_codes = await replaceRecoveryCodes(tx, user.id);
    }
    await auditFactor(tx, user, 'passkey.register');
    return { passkey: toRecord(passkey), recovery_codes };
  });
}

/**
 * Removes one of the person's own passkeys (a fresh factor was asked first:
 * the route's policy). The last second factor goes only where the organisation does not
 * require one; then two-factor sign-in is off and the recovery codes end.
 */
export async function removePasskey(deps: AppDeps, auth: AuthContext, passkeyId: string): Promise<void> {
  const user = ownUser(auth);
  await deps.db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(passkeys)
      .where(and(eq(passkeys.id, passkeyId), eq(passkeys.user_id, user.id)))
      .returning({ id: passkeys.id });
    if (!removed) throw new AppError('not_found', passkeyMessages.notFound);
    if (!(await hasAnyFactor(tx, user.id))) {
      if (await isRequiredByOrg(tx, user)) throw new AppError('forbidden', passkeyMessages.lastRequired);
      await tx.delete(recoveryCodes).where(eq(recoveryCodes.user_id, user.id));
      await tx.update(users).set({ two_factor_at: null }).where(eq(users.id, user.id));
    }
    await auditFactor(tx, user, 'passkey.remove');
  });
}

/** Whether the person still has an authenticator app or a passkey. */
async function hasAnyFactor(db: DbOrTx, userId: string): Promise<boolean> {
  const [app] = await db.select({ at: totpFactors.confirmed_at }).from(totpFactors).where(eq(totpFactors.user_id, userId));
  if (app?.at) return true;
  const [key] = await db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.user_id, userId)).limit(1);
  return key !== undefined;
}

/**
 * Passwordless sign-in: the passkey is something the person has, unlocked by something they
 * know or are, so the session counts as two-factor verified.
 */
export async function signInWithPasskey(
  deps: AppDeps,
  body: { credential: PasskeyAssertion; audience?: SignInAudience | undefined },
): Promise<SessionResult> {
  const passkey = await verifyAssertion(deps, body.credential);
  const [user] = await deps.db.select().from(users).where(eq(users.id, passkey.user_id));
  if (!user) throw new AppError('invalid_credentials', passkeyMessages.refused);
  checkAudience(user, body.audience);
  const session = await startSession(deps.db, user, deps.config.sessionTtlHours, { factorVerified: true });
  await auditFactor(deps.db, user, 'passkey.sign_in');
  return session;
}

/** A passkey as the second factor of a password sign-in: it must be this person's own. */
export async function checkPasskeyFactor(deps: AppDeps, user: User, credential: PasskeyAssertion): Promise<boolean> {
  try {
    await verifyAssertion(deps, credential, user.id);
  } catch (error) {
    if (error instanceof AppError && error.code === 'invalid_credentials') {
      await auditFactor(deps.db, user, 'passkey.failed', 401);
      return false;
    }
    throw error;
  }
  return true;
}

/** Re-verify with a passkey: this session's factor is fresh for the sensitive actions of the next minutes. */
export async function verifyFreshPasskey(deps: AppDeps, auth: AuthContext, credential: PasskeyAssertion): Promise<void> {
  const person = auth.actor ?? auth.user;
  await verifyAssertion(deps, credential, person.id);
  await deps.db.update(sessions).set({ factor_verified_at: new Date() }).where(eq(sessions.id, auth.session_id));
}
