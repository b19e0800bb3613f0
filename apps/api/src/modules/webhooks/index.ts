/** Outgoing customer webhooks: endpoints, signed deliveries with retries, and the event emitter. */
export { emitWebhookEvent } from './emit.ts';
export { webhookRoutes } from './routes.ts';
export { registerWebhookJobs, WEBHOOKS_DUE_JOB } from './jobs.ts';
export { deliverDue, MAX_DELIVERY_AGE_MS, retryDelayMs } from './deliver.ts';
