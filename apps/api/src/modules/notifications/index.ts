import type { ModuleDescriptor } from '../../events/kernel.ts';
import { notifyOnDomainEvent } from './service.ts';

// The notifications module as other modules see it.
export const notificationsModule: ModuleDescriptor = {
  name: 'notifications',
  // Every domain event may become a notification in the bell and member emails.
  domainEvents: [
    {
      name: 'notifications',
      handle: (unit, event) => notifyOnDomainEvent({ publicUrl: unit.deps.config.publicUrl })(unit.tx, event),
    },
  ],
};
export { notify } from './service.ts';
export { notificationRoutes } from './routes.ts';
