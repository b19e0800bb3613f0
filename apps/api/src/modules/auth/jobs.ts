import type { AppDeps } from '../../deps.ts';
import { deliverEmailChange, EMAIL_CHANGE_JOB, type EmailChangeJob } from './email-change.ts';
import { deliverPasswordReset, PASSWORD_RESET_JOB, type PasswordResetJob } from './password-reset.ts';
import { deliverSignUp, purgeExpiredSignUps, PURGE_EXPIRED_SIGN_UPS_JOB, SIGN_UP_JOB, type SignUpJob } from './sign-up.ts';

/**
 * The account work done off the request path: whether an address has an account is only looked
 * at here, so the requests that start it (sign-up, password reset, email change) answer alike and
 * in the same time either way.
 */
export async function registerAuthJobs(deps: AppDeps): Promise<void> {
  await deps.jobs.register<SignUpJob>(SIGN_UP_JOB, (job) => deliverSignUp(deps, job));
  await deps.jobs.register<PasswordResetJob>(PASSWORD_RESET_JOB, (job) => deliverPasswordReset(deps, job));
  await deps.jobs.register<EmailChangeJob>(EMAIL_CHANGE_JOB, (job) => deliverEmailChange(deps, job));
  await deps.jobs.register(PURGE_EXPIRED_SIGN_UPS_JOB, async () => {
    await purgeExpiredSignUps(deps.db);
  });
  await deps.jobs.schedule(PURGE_EXPIRED_SIGN_UPS_JOB, '41 * * * *');
}
