export * from './orgs.ts';
export * from './users.ts';
export * from './links.ts';
export * from './emails.ts';
export * from './notifications.ts';
export * from './rate-limits.ts';
