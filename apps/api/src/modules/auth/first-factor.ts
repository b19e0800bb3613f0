import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { twoFactorMessages } from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import type { DbOrTx } from '../../db/client.ts';
import { firstFactorCodes, type User } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { hashToken } from '../../lib/tokens.ts';
import { queueEmail, sendQueuedEmails } from '../email/index.ts';

/** How long the emailed code of a first factor's set-up works. */
const CODE_MINUTES = 15;

/**
 * A person adding their first sign-in factor has none to prove: a stolen session could otherwise
 * add the thief's authenticator or passkey and from then on pass every fresh-factor check (issue
 * 40, finding 1). So the set-up emails a code, given with the set-up's confirmation: the session
 * must also read the person's email. Answers whether a code was sent (false: the person has a
 * factor, and the route asked for it fresh instead).
 */
export async function sendFirstFactorCode(deps: AppDeps, user: User): Promise<boolean> {
  if (user.two_factor_at) return false;
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const emailId = await deps.db.transaction(async (tx) => {
    const row = { code_hash: hashToken(code), expires_at: new Date(Date.now() + CODE_MINUTES * 60_000) };
    await tx
      .insert(firstFactorCodes)
      .values({ user_id: user.id, ...row })
      .onConflictDoUpdate({ target: firstFactorCodes.user_id, set: row });
    return queueEmail(tx, {
      to: user.email,
      subject: `${code} is your Crewpay confirmation code`,
      paragraphs: [
        `Enter ${code} to finish turning on two-factor sign-in for your Crewpay account. The code works for ${CODE_MINUTES} minutes.`,
        'If you did not start this, someone may be signed in as you: change your password now.',
      ],
    });
  });
  await sendQueuedEmails(deps.jobs, [emailId]);
  return true;
}

/**
 * Spends the emailed code of a first factor's set-up, in the transaction that turns the factor on
 * (a refusal leaves it unspent). Someone who already has a factor proved it fresh instead.
 */
export async function spendFirstFactorCode(tx: DbOrTx, user: User, code: string | undefined): Promise<void> {
  if (user.two_factor_at) return;
  if (!code) throw new AppError('validation_error', twoFactorMessages.emailCodeRequired, { field: 'email_code' });
  const [row] = await tx.select().from(firstFactorCodes).where(eq(firstFactorCodes.user_id, user.id)).for('update');
  if (!row || row.expires_at <= new Date() || row.code_hash !== hashToken(code))
    throw new AppError('validation_error', twoFactorMessages.emailCodeWrong, { field: 'email_code' });
  await tx.delete(firstFactorCodes).where(eq(firstFactorCodes.user_id, user.id));
}
