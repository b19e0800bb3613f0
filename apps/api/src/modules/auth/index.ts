// The auth module as the app and other modules see it: sign-in and accounts, links that set a password, the account jobs.
export { authRoutes } from './routes.ts';
export { setPasswordFromLink } from './service.ts';
export { registerAuthJobs } from './jobs.ts';
export { EMAIL_CHANGE_JOB } from './email-change.ts';
export { PASSWORD_RESET_JOB } from './password-reset.ts';
export { deliverSignUp, PURGE_EXPIRED_SIGN_UPS_JOB, SIGN_UP_JOB } from './sign-up.ts';
export { hashPassword } from './passwords.ts';
export { endExpiredActing } from './acting-expiry.ts';
