// The ledger module as other modules see it.
export * from './accounts.ts';
export * from './holds.ts';
export * from './post-transfer.ts';
