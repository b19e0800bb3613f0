// The notifications module as other modules see it.
export { notify, notifyOnDomainEvent } from './service.ts';
export { notificationRoutes } from './routes.ts';
