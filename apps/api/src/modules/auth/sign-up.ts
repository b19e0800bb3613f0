import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { accountMessages, DEFAULT_ORG_ID, type MessageAnswer, type SignUpBody } from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import { expiringLinks, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { consumeRateLimit, rateLimits } from '../../lib/rate-limit.ts';
import { queueEmail, sendQueuedEmails, type OutgoingEmail } from '../email/index.ts';
import { createExpiringLink, findUsableLink, markLinkUsed } from '../links/index.ts';
import { hashPassword } from './passwords.ts';
import { startSession, type SessionResult } from './sessions.ts';

export const SIGN_UP_JOB = 'auth.sign_up';
export type SignUpJob = { email: string; password_hash: string };

/**
 * POST /v1/users/signup. Whether the address has an account is decided in the job, not here: the
 * request does the same work either way (count, hash, enqueue) and answers the same sentence, so
 * neither the answer nor its time tells who has an account. The account exists once the emailed
 * link is opened (confirmSignUp), which also proves the address is the person's.
 */
export async function requestSignUp(deps: AppDeps, body: SignUpBody & { ip: string }): Promise<MessageAnswer> {
  // Counted for every address alike, before anything depends on it: the 429 tells nothing of an account.
  await consumeRateLimit(deps.db, { ...rateLimits.signUpPerIp, max: deps.config.requestLimits.signUpsPerIp }, body.ip);
  await consumeRateLimit(deps.db, rateLimits.signUpPerEmail, body.email);
  await consumeRateLimit(deps.db, rateLimits.signUpPerEmailDay, body.email);
  const password_hash = await hashPassword(body.password);
  await deps.jobs.send<SignUpJob>(SIGN_UP_JOB, { email: body.email, password_hash });
  return { message: accountMessages.signUpSent };
}

/** The job: a new address gets the link that creates the account; an address with an account is told someone tried. */
export async function deliverSignUp(deps: AppDeps, job: SignUpJob): Promise<void> {
  const emailId = await deps.db.transaction(async (tx) => {
    const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, job.email)).limit(1);
    if (existing) return queueEmail(tx, alreadySignedUpEmail(deps, job.email));
    // The pending account waits in the link: the users table holds confirmed addresses only.
    const linkId = await createExpiringLink(tx, { type: 'sign_up', payload: { email: job.email, password_hash: job.password_hash } });
    return queueEmail(tx, {
      to: job.email,
      subject: 'Finish signing up for Crewpay',
      paragraphs: [
        'Confirm this email address to finish creating your Crewpay account.',
        'The link works once and expires in 24 hours. If you did not sign up, ignore this email: no account is created without it.',
      ],
      links: [{ label: 'Finish signing up', url: `${deps.config.publicUrl}/confirmSignup/${linkId}` }],
    });
  });
  await sendQueuedEmails(deps.jobs, [emailId]);
}

function alreadySignedUpEmail(deps: AppDeps, to: string): OutgoingEmail {
  return {
    to,
    subject: 'Someone tried to sign up with your email',
    paragraphs: [
      'Someone tried to create a Crewpay account with this email address, which already has one. Nothing was changed.',
      'If it was you, sign in; if you forgot your password, choose Forgot password? on the sign-in page. If it was not you, ignore this email.',
    ],
    links: [{ label: 'Sign in', url: `${deps.config.publicUrl}/signin` }],
  };
}

const isPendingSignUp = (payload: Record<string, unknown>): payload is { email: string; password_hash: string } =>
  typeof payload.email === 'string' && typeof payload.password_hash === 'string';

/**
 * POST /v1/users/signup/confirm: the emailed link creates the account (default organisation,
 * owner, as sign-up always did) and signs the person in. An address that got an account since
 * (an earlier link, an invitation) makes the link invalid.
 */
export async function confirmSignUp(deps: AppDeps, linkId: string): Promise<SessionResult> {
  return deps.db.transaction(async (tx) => {
    const link = await findUsableLink(tx, linkId, { forUpdate: true });
    if (link.type !== 'sign_up' || !isPendingSignUp(link.payload)) throw new AppError('gone', accountMessages.invalidLink);
    const [user] = await tx
      .insert(users)
      .values({ id: newId(), email: link.payload.email, password_hash: link.payload.password_hash, org_id: DEFAULT_ORG_ID, role: 'owner' })
      .onConflictDoNothing({ target: users.email })
      .returning();
    if (!user) throw new AppError('gone', accountMessages.invalidLink);
    await markLinkUsed(tx, link);
    // The password hash has served its purpose: the link row keeps nothing of it.
    await tx.update(expiringLinks).set({ payload: {} }).where(eq(expiringLinks.id, link.id));
    return startSession(tx, user, deps.config.sessionTtlHours);
  });
}

export const PURGE_EXPIRED_SIGN_UPS_JOB = 'auth.purge_expired_sign_ups';

/**
 * Hourly: a sign-up link nobody opened still holds the password's hash, and an email-change link
 * the new address; once expired neither can be used, so neither is kept. Answers how many were emptied.
 */
export async function purgeExpiredSignUps(db: DbOrTx, now = new Date()): Promise<number> {
  const emptied = await db
    .update(expiringLinks)
    .set({ payload: {} })
    .where(
      and(
        inArray(expiringLinks.type, ['sign_up', 'email_change']),
        lte(expiringLinks.expires_at, now),
        sql`${expiringLinks.payload} <> '{}'::jsonb`,
      ),
    )
    .returning({ id: expiringLinks.id });
  return emptied.length;
}
