import type { AppDeps } from '../../deps.ts';
import { purgeOldAnalytics } from './caps.ts';

export const PURGE_OLD_ANALYTICS_JOB = 'analytics.purge_old';

/** Every night, the events older than the retention go (whether or not analytics is on now). */
export async function registerAnalyticsJobs(deps: AppDeps): Promise<void> {
  await deps.jobs.register(PURGE_OLD_ANALYTICS_JOB, async () => {
    await purgeOldAnalytics(deps.db);
  });
  await deps.jobs.schedule(PURGE_OLD_ANALYTICS_JOB, '23 3 * * *');
}
