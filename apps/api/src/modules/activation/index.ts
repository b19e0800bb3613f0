// The activation module as the app sees it: the wallet's activation (KYB), the onboarding at the banking provider and its answer.
export { activationRoutes } from './routes.ts';
export { accountEvents } from './account-events.ts';
export { onboardingStatus } from './status.ts';
