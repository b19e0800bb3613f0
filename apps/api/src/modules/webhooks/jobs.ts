import type { JobWorker } from '../../events/kernel.ts';
import { deliverDue } from './deliver.ts';

export const WEBHOOKS_DUE_JOB = 'webhooks.deliver_due';

/** Every minute, due deliveries (new events and retries) are claimed and sent. */
export const webhookJobs: JobWorker[] = [{ queue: WEBHOOKS_DUE_JOB, cron: '* * * * *', run: (deps) => deliverDue(deps) }];
