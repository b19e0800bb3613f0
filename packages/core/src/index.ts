export * from './money.ts';
export * from './validation.ts';
export * from './roles.ts';
export * from './auth.ts';
export * from './orgs.ts';
