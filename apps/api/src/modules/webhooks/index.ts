import type { ModuleDescriptor } from '../../events/kernel.ts';
import { webhookDeliveriesSubscriber } from './emit.ts';
import { WEBHOOKS_DUE_JOB, webhookJobs } from './jobs.ts';

/** Outgoing customer webhooks: endpoints, signed deliveries with retries; a subscriber of the domain events. */
export const webhooksModule: ModuleDescriptor = {
  name: 'webhooks',
  domainEvents: [webhookDeliveriesSubscriber],
  queues: [WEBHOOKS_DUE_JOB],
  jobs: webhookJobs,
};
export { recordWebhookDeliveries } from './emit.ts';
export { webhookRoutes } from './routes.ts';
export { WEBHOOKS_DUE_JOB } from './jobs.ts';
export { deliverDue, MAX_DELIVERY_AGE_MS, retryDelayMs } from './deliver.ts';
