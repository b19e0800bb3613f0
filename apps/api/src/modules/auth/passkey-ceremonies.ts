import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticatorTransportFuture,
  type WebAuthnCredential,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import { passkeyMessages, type PasskeyAssertion, type PasskeyAttestation } from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import type { DbOrTx } from '../../db/client.ts';
import { passkeyChallenges, passkeys, type Passkey, type User } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { consumeRateLimit, rateLimits } from '../../lib/rate-limit.ts';

/** A challenge is answered within these minutes (the browser's own prompt times out sooner). */
const CHALLENGE_MINUTES = 5;
type ChallengeKind = 'registration' | 'authentication';

const refused = () => new AppError('invalid_credentials', passkeyMessages.refused);

async function storeChallenge(db: DbOrTx, challenge: string, kind: ChallengeKind, userId: string | null): Promise<void> {
  // Old unanswered challenges go as new ones come: the table stays small without a job.
  await db.delete(passkeyChallenges).where(lt(passkeyChallenges.expires_at, new Date()));
  await db.insert(passkeyChallenges).values({
    challenge,
    kind,
    user_id: userId,
    expires_at: new Date(Date.now() + CHALLENGE_MINUTES * 60_000),
  });
}

/**
 * Spends the challenge the browser signed (the library hands it over from clientDataJSON): true
 * only for one we issued, of this kind (and this person's for a registration), unexpired and
 * unused. The delete makes it single-use even for two simultaneous answers.
 */
const spendChallenge = (db: DbOrTx, kind: ChallengeKind, userId: string | null) => async (challenge: string) => {
  const owner = userId ? eq(passkeyChallenges.user_id, userId) : isNull(passkeyChallenges.user_id);
  const spent = await db
    .delete(passkeyChallenges)
    .where(
      and(
        eq(passkeyChallenges.challenge, challenge),
        eq(passkeyChallenges.kind, kind),
        owner,
        gt(passkeyChallenges.expires_at, new Date()),
      ),
    )
    .returning({ challenge: passkeyChallenges.challenge });
  return spent.length > 0;
};

/** Options for navigator.credentials.create: a discoverable credential (so it signs in without an email). */
export async function registrationOptions(deps: AppDeps, user: User, existing: Passkey[]) {
  const options = await generateRegistrationOptions({
    rpName: 'Crewpay',
    rpID: deps.config.passkeys.rpId,
    userName: user.email,
    userDisplayName: [user.first_name, user.last_name].filter(Boolean).join(' ') || user.email,
    userID: isoBase64URL.toBuffer(isoBase64URL.fromUTF8String(user.id)),
    attestationType: 'none',
    excludeCredentials: existing.map((key) => ({ id: key.credential_id, transports: key.transports as AuthenticatorTransportFuture[] })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  await storeChallenge(deps.db, options.challenge, 'registration', user.id);
  return options;
}

/** Checks a new credential's attestation against this person's challenge: its id, key and counter to keep. */
export async function verifyRegistration(deps: AppDeps, user: User, credential: PasskeyAttestation): Promise<WebAuthnCredential> {
  try {
    const result = await verifyRegistrationResponse({
      response: credential,
      expectedChallenge: spendChallenge(deps.db, 'registration', user.id),
      expectedOrigin: deps.config.passkeys.origin,
      expectedRPID: deps.config.passkeys.rpId,
      requireUserVerification: false,
    });
    if (!result.verified) throw refused();
    return result.registrationInfo.credential;
  } catch {
    throw refused();
  }
}

/** Options for navigator.credentials.get: no credential list, so they tell nothing about accounts. */
export async function authenticationOptions(deps: AppDeps) {
  const options = await generateAuthenticationOptions({ rpID: deps.config.passkeys.rpId, userVerification: 'preferred' });
  await storeChallenge(deps.db, options.challenge, 'authentication', null);
  return options;
}

/**
 * Checks a passkey's signature over one of our sign-in challenges and answers the passkey (and
 * so its person). `userId` narrows it to one person's passkeys (a second factor, a re-verify).
 * A counter that did not grow is a cloned authenticator: refused. Each attempt on a person's
 * passkey counts toward the two-factor rate limit, like a code.
 */
export async function verifyAssertion(deps: AppDeps, credential: PasskeyAssertion, userId?: string): Promise<Passkey> {
  const [passkey] = await deps.db.select().from(passkeys).where(eq(passkeys.credential_id, credential.id));
  if (!passkey || (userId && passkey.user_id !== userId)) {
    // The challenge is spent all the same: a refused answer is never retried with it.
    await spendChallenge(deps.db, 'authentication', null)(challengeOf(credential));
    throw refused();
  }
  await consumeRateLimit(deps.db, rateLimits.twoFactorCodePerUser, passkey.user_id);
  const newCounter = await checkSignature(deps, credential, passkey);
  await keepCounter(deps.db, passkey, newCounter);
  return passkey;
}

async function checkSignature(deps: AppDeps, credential: PasskeyAssertion, passkey: Passkey): Promise<number> {
  try {
    const result = await verifyAuthenticationResponse({
      response: credential,
      expectedChallenge: spendChallenge(deps.db, 'authentication', null),
      expectedOrigin: deps.config.passkeys.origin,
      expectedRPID: deps.config.passkeys.rpId,
      credential: {
        id: passkey.credential_id,
        publicKey: isoBase64URL.toBuffer(passkey.public_key),
        counter: passkey.counter,
        transports: passkey.transports as AuthenticatorTransportFuture[],
      },
      requireUserVerification: false,
    });
    if (!result.verified) throw refused();
    return result.authenticationInfo.newCounter;
  } catch {
    throw refused();
  }
}

/**
 * Keeps the new counter, only if it still grows past the stored one (two simultaneous uses of one
 * signature count once). Authenticators that keep no counter send 0 every time.
 */
async function keepCounter(db: DbOrTx, passkey: Passkey, newCounter: number): Promise<void> {
  const grows = or(lt(passkeys.counter, newCounter), and(eq(passkeys.counter, 0), sql`${newCounter} = 0`));
  const kept = await db
    .update(passkeys)
    .set({ counter: newCounter, last_used_at: new Date() })
    .where(and(eq(passkeys.id, passkey.id), grows))
    .returning({ id: passkeys.id });
  if (kept.length === 0) throw refused();
}

/** The challenge in a browser's answer; '' when unreadable (then no challenge matches). */
function challengeOf(credential: PasskeyAssertion): string {
  try {
    const clientData = JSON.parse(isoBase64URL.toUTF8String(credential.response.clientDataJSON)) as { challenge?: unknown };
    return typeof clientData.challenge === 'string' ? clientData.challenge : '';
  } catch {
    return '';
  }
}
