// The creators module as other modules see it.
export * from './secrets.ts';
export * from './service.ts';
