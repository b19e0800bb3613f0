// The clock module as other modules see it.
export * from './clock.ts';
