import { eq } from 'drizzle-orm';
import type { ResetPasswordBody } from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import { users } from '../../db/schema/index.ts';
import { consumeRateLimit, rateLimits } from '../../lib/rate-limit.ts';
import { queueEmail, sendQueuedEmails } from '../email/index.ts';
import { createExpiringLink, endUserLinks, PASSWORD_LINK_TYPES } from '../links/index.ts';
import { lockUser } from './credentials.ts';

export const PASSWORD_RESET_JOB = 'auth.password_reset';
export type PasswordResetJob = { email: string };

/**
 * PUT /v1/users/password/reset. The request only counts and enqueues, for a known and an unknown
 * address alike; looking the account up, creating the token and writing the email happen in the
 * job. So the answer and the time it takes are the same either way.
 */
export async function requestPasswordReset(deps: AppDeps, body: ResetPasswordBody & { ip: string }): Promise<void> {
  await consumeRateLimit(deps.db, rateLimits.resetPerIp, body.ip);
  await consumeRateLimit(deps.db, rateLimits.resetPerEmail, body.email);
  await consumeRateLimit(deps.db, rateLimits.resetPerEmailDay, body.email);
  await deps.jobs.send<PasswordResetJob>(PASSWORD_RESET_JOB, { email: body.email });
}

/**
 * The job: emails a set-new-password link when the account exists. One live link per account:
 * the new link ends every earlier reset or invitation link (the user row is locked so that two
 * requests at once still leave one).
 */
export async function deliverPasswordReset(deps: AppDeps, job: PasswordResetJob): Promise<void> {
  const emailId = await deps.db.transaction(async (tx) => {
    const [found] = await tx.select({ id: users.id }).from(users).where(eq(users.email, job.email)).limit(1);
    const user = found && (await lockUser(tx, found.id));
    if (!user) return null;
    await endUserLinks(tx, { user_id: user.id, types: PASSWORD_LINK_TYPES });
    const linkId = await createExpiringLink(tx, { type: 'password_reset', user_id: user.id, org_id: null });
    return queueEmail(tx, {
      to: user.email,
      subject: 'Reset your Crewpay password',
      paragraphs: [
        'We received a request to reset the password of your Crewpay account.',
        'The link below works once and expires in 1 hour; it replaces any link sent before. If you did not ask for this, you can ignore this email.',
      ],
      links: [{ label: 'Set a new password', url: `${deps.config.publicUrl}/resetPassword/${linkId}` }],
    });
  });
  if (emailId) await sendQueuedEmails(deps.jobs, [emailId]);
}
