export { sendToSentry, type TrackedError } from './sentry.ts';
