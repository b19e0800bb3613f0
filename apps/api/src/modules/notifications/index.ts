// The notifications module as other modules see it.
export * from './service.ts';
export * from './preferences.ts';
export { notificationFor } from './event-texts.ts';
export { notificationRoutes } from './routes.ts';
