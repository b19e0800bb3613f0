// The users module as other modules see it.
export * from './payee-details.ts';
