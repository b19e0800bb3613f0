import { and, eq, ne } from 'drizzle-orm';
import { accountMessages, type ChangeEmailBody, type EmailChangedAnswer, type MessageAnswer } from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import type { DbOrTx } from '../../db/client.ts';
import { users, type User } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { consumeRateLimit, rateLimits } from '../../lib/rate-limit.ts';
import { queueEmail, sendQueuedEmails, type OutgoingEmail } from '../email/index.ts';
import { createExpiringLink, endUserLinks, findUsableLink, markLinkUsed } from '../links/index.ts';
import { CREDENTIAL_LINK_TYPES, lockUser } from './credentials.ts';
import { verifyPassword } from './passwords.ts';

export const EMAIL_CHANGE_JOB = 'auth.email_change';
export type EmailChangeJob = { user_id: string; email: string };

/**
 * PUT /v1/users/email. A stolen session alone cannot move the account: the current password is
 * required, the new address must confirm by its link, and the current one is told. Whether the new
 * address already has an account is decided in the job, so the answer does not tell.
 */
export async function requestEmailChange(deps: AppDeps, options: { user: User; body: ChangeEmailBody }): Promise<MessageAnswer> {
  const { user, body } = options;
  await consumeRateLimit(deps.db, rateLimits.emailChangePerUser, user.id);
  if (!(await verifyPassword(user.password_hash, body.current_password))) {
    throw new AppError('validation_error', accountMessages.wrongPassword, { field: 'current_password' });
  }
  if (body.email === user.email) throw new AppError('validation_error', accountMessages.sameEmail, { field: 'email' });
  await deps.jobs.send<EmailChangeJob>(EMAIL_CHANGE_JOB, { user_id: user.id, email: body.email });
  return { message: accountMessages.emailChangeSent };
}

const isTaken = async (tx: DbOrTx, email: string, userId: string) =>
  (
    await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, email), ne(users.id, userId)))
      .limit(1)
  ).length > 0;

/**
 * The job: the new address gets a confirmation link (one live per account: it ends earlier ones),
 * or, when it already has an account, a note that nothing changed; the current address is told
 * of the request either way.
 */
export async function deliverEmailChange(deps: AppDeps, job: EmailChangeJob): Promise<void> {
  const emailIds = await deps.db.transaction(async (tx) => {
    const user = await lockUser(tx, job.user_id);
    if (!user) return [];
    const toNewAddress = (await isTaken(tx, job.email, user.id))
      ? addressTakenEmail(deps, job.email)
      : confirmNewAddressEmail(deps, job.email, await newEmailChangeLink(tx, user.id, job.email));
    return [await queueEmail(tx, toNewAddress), await queueEmail(tx, changeRequestedEmail(deps, user.email, job.email))];
  });
  await sendQueuedEmails(deps.jobs, emailIds);
}

async function newEmailChangeLink(tx: DbOrTx, userId: string, email: string): Promise<string> {
  await endUserLinks(tx, { user_id: userId, types: ['email_change'] });
  return createExpiringLink(tx, { type: 'email_change', user_id: userId, payload: { email } });
}

const confirmNewAddressEmail = (deps: AppDeps, to: string, linkId: string): OutgoingEmail => ({
  to,
  subject: 'Confirm your new Crewpay email address',
  paragraphs: [
    'Someone asked to use this address for their Crewpay account. Open the link to confirm it: the address changes only then.',
    'The link works once and expires in 24 hours. If you did not ask for this, ignore this email.',
  ],
  links: [{ label: 'Confirm this email address', url: `${deps.config.publicUrl}/confirmEmail/${linkId}` }],
});

const addressTakenEmail = (deps: AppDeps, to: string): OutgoingEmail => ({
  to,
  subject: 'Your email address was not changed',
  paragraphs: [
    'Someone asked to use this address for their Crewpay account, but it already belongs to a Crewpay account, so nothing changed.',
    'If it was you, sign in with this address instead. If it was not you, ignore this email.',
  ],
  links: [{ label: 'Sign in', url: `${deps.config.publicUrl}/signin` }],
});

const changeRequestedEmail = (deps: AppDeps, to: string, newEmail: string): OutgoingEmail => ({
  to,
  subject: 'A change of your Crewpay email address was requested',
  paragraphs: [
    `Someone signed in to your Crewpay account asked to change its email address to ${newEmail}. It changes only when the link sent to that address is opened, within 24 hours.`,
    'If it was not you, change your password now: that cancels the request and signs out every other device.',
  ],
  links: [{ label: 'Sign in', url: `${deps.config.publicUrl}/signin` }],
});

const isUniqueViolation = (error: unknown): boolean => {
  const code = (error as { code?: unknown }).code ?? (error as { cause?: { code?: unknown } }).cause?.code;
  return code === '23505';
};

/**
 * POST /v1/users/email/confirm: the link from the new address moves the account there. Every
 * other credential link ends (reset links went to the old address), and the old address is told.
 */
export async function confirmEmailChange(deps: AppDeps, linkId: string): Promise<EmailChangedAnswer> {
  try {
    const { answer, emailId } = await deps.db.transaction(async (tx) => {
      const link = await findUsableLink(tx, linkId, { forUpdate: true });
      const email = link.payload.email;
      const user = link.type === 'email_change' && link.user_id && typeof email === 'string' ? await lockUser(tx, link.user_id) : undefined;
      if (!user || typeof email !== 'string' || (await isTaken(tx, email, user.id)))
        throw new AppError('gone', accountMessages.invalidLink);
      await tx.update(users).set({ email }).where(eq(users.id, user.id));
      await markLinkUsed(tx, link);
      await endUserLinks(tx, { user_id: user.id, types: CREDENTIAL_LINK_TYPES });
      const emailId = await queueEmail(tx, emailChangedEmail(deps, user.email, email));
      return { answer: { message: accountMessages.emailChanged, email }, emailId };
    });
    await sendQueuedEmails(deps.jobs, [emailId]);
    return answer;
  } catch (error) {
    // Another account took the address between the check and the write.
    if (isUniqueViolation(error)) throw new AppError('gone', accountMessages.invalidLink);
    throw error;
  }
}

const emailChangedEmail = (deps: AppDeps, to: string, newEmail: string): OutgoingEmail => ({
  to,
  subject: 'Your Crewpay email address was changed',
  paragraphs: [
    `The email address of your Crewpay account is now ${newEmail}; this address no longer signs in.`,
    'If you did not make this change, contact your organization’s owner or Crewpay support right away.',
  ],
  links: [{ label: 'Crewpay', url: deps.config.publicUrl }],
});
