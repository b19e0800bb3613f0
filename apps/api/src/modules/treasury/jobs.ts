import type { Db } from '../../db/client.ts';
import type { Jobs } from '../../jobs/jobs.ts';
import { processDueEvents } from './events.ts';

export const PROCESS_BANKING_EVENTS_JOB = 'banking.process_due_events';

/** Provider events whose time has come are applied every minute (and at once when the clock advances). */
export async function registerBankingJobs(options: { db: Db; jobs: Jobs }): Promise<void> {
  await options.jobs.register(PROCESS_BANKING_EVENTS_JOB, async () => {
    await processDueEvents(options.db);
  });
  await options.jobs.schedule(PROCESS_BANKING_EVENTS_JOB, '* * * * *');
}
