import type { ModuleDescriptor } from '../../events/kernel.ts';
import { analyticsJobs, PURGE_OLD_ANALYTICS_JOB } from './jobs.ts';

export { analyticsRoutes } from './routes.ts';

/** Analytics as the process sees it: the nightly purge of old events. */
export const analyticsModule: ModuleDescriptor = { name: 'analytics', queues: [PURGE_OLD_ANALYTICS_JOB], jobs: analyticsJobs };
