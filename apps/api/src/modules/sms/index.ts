// The SMS module as other modules see it (built like email: an outbox table, a job, a transport).
export * from './outbox.ts';
export { smsStatusEvents } from './status.ts';
