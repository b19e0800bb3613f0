// The payments module as other modules see it.
export * from './events.ts';
export * from './queries.ts';
export * from './recipients.ts';
export * from './reconcile.ts';
export * from './payout-calls.ts';
