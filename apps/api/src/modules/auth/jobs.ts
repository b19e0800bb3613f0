import type { JobWorker } from '../../events/kernel.ts';
import { deliverEmailChange, EMAIL_CHANGE_JOB, type EmailChangeJob } from './email-change.ts';
import { deliverPasswordReset, PASSWORD_RESET_JOB, type PasswordResetJob } from './password-reset.ts';
import { deliverSignUp, purgeExpiredSignUps, PURGE_EXPIRED_SIGN_UPS_JOB, SIGN_UP_JOB, type SignUpJob } from './sign-up.ts';

/**
 * The account work done off the request path: whether an address has an account is only looked
 * at here, so the requests that start it (sign-up, password reset, email change) answer alike and
 * in the same time either way.
 */
export const authJobs: JobWorker[] = [
  { queue: SIGN_UP_JOB, run: (deps, job: SignUpJob) => deliverSignUp(deps, job) },
  { queue: PASSWORD_RESET_JOB, run: (deps, job: PasswordResetJob) => deliverPasswordReset(deps, job) },
  { queue: EMAIL_CHANGE_JOB, run: (deps, job: EmailChangeJob) => deliverEmailChange(deps, job) },
  { queue: PURGE_EXPIRED_SIGN_UPS_JOB, cron: '41 * * * *', run: (deps) => purgeExpiredSignUps(deps.db) },
];
