import type { ModuleDescriptor } from '../../events/kernel.ts';
import { EMAIL_CHANGE_JOB } from './email-change.ts';
import { authJobs } from './jobs.ts';
import { PASSWORD_RESET_JOB } from './password-reset.ts';
import { PURGE_EXPIRED_SIGN_UPS_JOB, SIGN_UP_JOB } from './sign-up.ts';

// The auth module as the app and other modules see it: sign-in and accounts, links that set a password, the account jobs.
export const authModule: ModuleDescriptor = {
  name: 'auth',
  queues: [SIGN_UP_JOB, PASSWORD_RESET_JOB, EMAIL_CHANGE_JOB, PURGE_EXPIRED_SIGN_UPS_JOB],
  jobs: authJobs,
};
export { authRoutes } from './routes.ts';
export { setPasswordFromLink } from './service.ts';
export { deliverSignUp } from './sign-up.ts';
export { hashPassword } from './passwords.ts';
export { endExpiredActing } from './acting-expiry.ts';
