import type { Jobs } from '../../jobs/jobs.ts';
import { deliverDue, deliverOne, type WebhookDeps } from './deliver.ts';

export const WEBHOOKS_DUE_JOB = 'webhooks.deliver_due';
export const WEBHOOK_DELIVER_JOB = 'webhooks.deliver';

/**
 * Every minute, due deliveries (new events and retries) are sent; a test event is also sent at
 * once through its own job so the person pressing the button sees the result.
 */
export async function registerWebhookJobs(options: WebhookDeps & { jobs: Jobs }): Promise<void> {
  await options.jobs.register(WEBHOOKS_DUE_JOB, async () => {
    await deliverDue(options);
  });
  await options.jobs.register<{ delivery_id: string }>(WEBHOOK_DELIVER_JOB, async (data) => {
    await deliverOne(options, data.delivery_id);
  });
  await options.jobs.schedule(WEBHOOKS_DUE_JOB, '* * * * *');
}
