export { parseDsn, sendToSentry, type TrackedError } from './sentry.ts';
