import type { JobWorker } from '../../events/kernel.ts';
import { purgeOldAnalytics } from './caps.ts';

export const PURGE_OLD_ANALYTICS_JOB = 'analytics.purge_old';

/** Every night, the events older than the retention go (whether or not analytics is on now). */
export const analyticsJobs: JobWorker[] = [
  { queue: PURGE_OLD_ANALYTICS_JOB, cron: '23 3 * * *', run: (deps) => purgeOldAnalytics(deps.db) },
];
