import type { Jobs } from '../../jobs/jobs.ts';
import { deliverDue, type WebhookDeps } from './deliver.ts';

export const WEBHOOKS_DUE_JOB = 'webhooks.deliver_due';

/** Every minute, due deliveries (new events and retries) are claimed and sent. */
export async function registerWebhookJobs(options: WebhookDeps & { jobs: Jobs }): Promise<void> {
  await options.jobs.register(WEBHOOKS_DUE_JOB, async () => {
    await deliverDue(options);
  });
  await options.jobs.schedule(WEBHOOKS_DUE_JOB, '* * * * *');
}
