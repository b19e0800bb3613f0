import type { JobWorker } from '../../events/kernel.ts';
import { runDueSchedules } from './schedule-runs.ts';

export const PAYMENT_SCHEDULES_JOB = 'payments.run_schedules';

/**
 * Scheduled payments run every minute against the sandbox clock: one indexed query finds the due
 * schedules, and a clock moved to the execute date runs them within a minute. pg-boss sends one
 * job per tick across instances; the run's own locks and unique key keep a period to one run
 * even when two ticks overlap.
 */
export const scheduleJobs: JobWorker[] = [{ queue: PAYMENT_SCHEDULES_JOB, cron: '* * * * *', run: (deps) => runDueSchedules(deps) }];
