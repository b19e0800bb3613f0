// The treasury module as other modules see it.
export * from './bank-links.ts';
export * from './events.ts';
export * from './provider-operations.ts';
