import type { ModuleDescriptor } from '../../events/kernel.ts';
import { PAYMENT_SCHEDULES_JOB, scheduleJobs } from './schedule-jobs.ts';
import { runDueSchedules } from './schedule-runs.ts';
import { markWaitingRunsExecuted } from './schedule-waiting.ts';

// The payment schedules module as other modules see it: drafts executed on a date (once or every
// week, month...), their runs, their routes. A run executes through payments' pipeline.
export const paymentSchedulesModule: ModuleDescriptor = {
  name: 'payment-schedules',
  // A payment's money held, whichever way it was executed: a scheduled run that found it waiting is executed with it.
  domainEvents: [{ name: 'payment-schedule-runs', handle: (unit, event) => markWaitingRunsExecuted(unit.tx, event) }],
  queues: [PAYMENT_SCHEDULES_JOB],
  jobs: scheduleJobs,
  // Moving the sandbox clock runs the scheduled payouts that came due at once.
  clockWork: [{ name: 'payment-schedules', run: runDueSchedules }],
};
export { paymentScheduleRoutes } from './schedule-routes.ts';
export { runDueSchedules } from './schedule-runs.ts';
// What a CSV upload (modules/payment-uploads) schedules its rows with, as POST /v1/payment_schedules.
export { dayOf } from './schedule-dates.ts';
export { createSchedules } from './schedules.ts';
