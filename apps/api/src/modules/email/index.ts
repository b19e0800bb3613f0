// The email module as other modules see it.
export * from './jobs.ts';
export * from './outbox.ts';
