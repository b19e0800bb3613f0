export { analyticsRoutes } from './routes.ts';
export { PURGE_OLD_ANALYTICS_JOB, registerAnalyticsJobs } from './jobs.ts';
