import { randomInt } from 'node:crypto';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import { RECOVERY_CODE_COUNT } from '@crewpay/core';
import type { DbOrTx } from '../../db/client.ts';
import { recoveryCodes, totpFactors } from '../../db/schema/index.ts';
import type { SecretBox } from '../../lib/secrets.ts';
import { newId } from '../../lib/ids.ts';
import { hashPassword, verifyPassword } from './passwords.ts';

const ISSUER = 'Crewpay';
// One 30-second step either side: a phone clock a little off still signs in.
const EPOCH_TOLERANCE_SECONDS = 30;

/** A new authenticator secret (base32, 20 bytes) and the otpauth:// address its QR code carries. */
export function newTotpSecret(label: string): { secret: string; otpauth_url: string } {
  const secret = generateSecret();
  return { secret, otpauth_url: generateURI({ issuer: ISSUER, label, secret }) };
}

/**
 * Checks a 6-digit code against the user's authenticator and spends its time step, so a code
 * seen once (over a shoulder, in a log) cannot be used again. The conditional update makes two
 * simultaneous uses of one code count once. Only the set-up's own check takes an unconfirmed
 * app: someone with a passkey-only account's session could otherwise start one and prove it.
 */
export async function spendTotpCode(
  tx: DbOrTx,
  secrets: SecretBox,
  userId: string,
  code: string,
  options: { isSetUp?: boolean } = {},
): Promise<boolean> {
  const [factor] = await tx.select().from(totpFactors).where(eq(totpFactors.user_id, userId));
  if (!factor || (!factor.confirmed_at && !options.isSetUp)) return false;
  const secret = secrets.decrypt(factor.secret_sealed);
  const result = await verify({
    secret,
    token: code,
    epochTolerance: EPOCH_TOLERANCE_SECONDS,
    ...(factor.last_time_step == null ? {} : { afterTimeStep: factor.last_time_step }),
  });
  if (!result.valid || !('timeStep' in result)) return false;
  const spent = await tx
    .update(totpFactors)
    .set({ last_time_step: result.timeStep })
    .where(and(eq(totpFactors.user_id, userId), or(isNull(totpFactors.last_time_step), lt(totpFactors.last_time_step, result.timeStep))))
    .returning({ user_id: totpFactors.user_id });
  return spent.length > 0;
}

// No 0/o, 1/l/i: a code read off paper is typed right.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const randomChunk = () => Array.from({ length: 5 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
const normalise = (code: string) => code.replace('-', '');

/** Replaces the user's recovery codes with RECOVERY_CODE_COUNT new ones: answers them (shown once), keeps their hashes. */
export async function replaceRecoveryCodes(tx: DbOrTx, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => `${randomChunk()}-${randomChunk()}`);
  const hashes = await Promise.all(codes.map((code) => hashPassword(normalise(code))));
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.user_id, userId));
  await tx.insert(recoveryCodes).values(hashes.map((code_hash) => ({ id: newId(), user_id: userId, code_hash })));
  return codes;
}

/** Spends one unused recovery code matching `code`; false when none does (or another request spent it first). */
async function spendRecoveryCode(tx: DbOrTx, userId: string, code: string): Promise<boolean> {
  const unused = await tx
    .select({ id: recoveryCodes.id, code_hash: recoveryCodes.code_hash })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.user_id, userId), isNull(recoveryCodes.used_at)));
  for (const row of unused) {
    if (!(await verifyPassword(row.code_hash, normalise(code)))) continue;
    const spent = await tx
      .update(recoveryCodes)
      .set({ used_at: new Date() })
      .where(and(eq(recoveryCodes.id, row.id), isNull(recoveryCodes.used_at)))
      .returning({ id: recoveryCodes.id });
    return spent.length > 0;
  }
  return false;
}

/** An authenticator code (6 digits) or a recovery code: which one was spent, or null. */
export async function spendSecondFactor(
  tx: DbOrTx,
  secrets: SecretBox,
  userId: string,
  code: string,
): Promise<'totp' | 'recovery_code' | null> {
  if (/^\d{6}$/.test(code)) return (await spendTotpCode(tx, secrets, userId, code)) ? 'totp' : null;
  return (await spendRecoveryCode(tx, userId, code)) ? 'recovery_code' : null;
}
