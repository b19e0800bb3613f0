// The fees module as other modules see it.
export * from './service.ts';
