import PgBoss from 'pg-boss';
import { recordJobRun, secondsSince } from '../lib/metrics.ts';

export type JobHandler<T> = (data: T) => Promise<void>;

/** What services see of the job system: put work on a queue to run later, outside the request. */
export type Jobs = {
  send<T extends object>(name: string, data: T): Promise<void>;
  /** Many jobs of one queue in one write (a bulk import's email batches). */
  sendMany<T extends object>(name: string, items: T[]): Promise<void>;
  register<T extends object>(name: string, handler: JobHandler<T>): Promise<void>;
  /** Sends the job on a cron schedule (once per tick across all instances). */
  schedule(name: string, cron: string): Promise<void>;
  stop(): Promise<void>;
};

/** Jobs a worker takes from a queue at once. */
const JOB_BATCH_SIZE = 20;

/** pg-boss on our own Postgres: jobs survive restarts and are shared by every worker process. */
export async function createPgBossJobs(options: { url: string; runWorkers: boolean; onError: (error: Error) => void }): Promise<Jobs> {
  const boss = new PgBoss({ connectionString: options.url, schema: 'pgboss', max: 4 });
  boss.on('error', options.onError);
  // Each instance guards while it runs and lets go when stopped (a process may start several: the tests).
  const unguard = guardUnawaitedOutcomes(options.onError);
  await boss.start();
  const createdQueues = new Set<string>();
  // This process's worker of each queue, woken by a send here instead of at its next poll.
  const localWorkers = new Map<string, string>();
  const wake = (name: string) => {
    const workerId = localWorkers.get(name);
    if (workerId) boss.notifyWorker(workerId);
  };
  const ensureQueue = async (name: string) => {
    if (createdQueues.has(name)) return;
    await boss.createQueue(name, { name, retryLimit: 5, retryDelay: 5, retryBackoff: true });
    createdQueues.add(name);
  };
  return {
    async send(name, data) {
      await ensureQueue(name);
      await boss.send(name, data);
      // A job sent by this process starts now, not up to a polling interval later (an email, a
      // payout call): other processes' workers still find it at their next poll.
      wake(name);
    },
    async sendMany(name, items) {
      if (items.length === 0) return;
      await ensureQueue(name);
      // One INSERT for all of them; the queue's retry policy applies as with send().
      await boss.insert(items.map((data) => ({ name, data })));
      wake(name);
    },
    async register(name, handler) {
      await ensureQueue(name);
      if (!options.runWorkers) return;
      // pg-boss fetches one batch per polling interval, so a batch of one would run a queue at
      // one job every interval (a 240-email burst took minutes). Each job of a batch succeeds
      // or fails on its own: a failure is recorded for that job (retried by the queue's policy)
      // and the rest go on; pg-boss then completes only the jobs still active.
      const workerId = await boss.work<object>(name, { batchSize: JOB_BATCH_SIZE, pollingIntervalSeconds: 1 }, async (jobs) => {
        for (const job of jobs) {
          const started = performance.now();
          try {
            await handler(job.data as never);
            recordJobRun(name, 'ok', secondsSince(started));
          } catch (error) {
            recordJobRun(name, 'failed', secondsSince(started));
            // The database gone too: the job stays active, and pg-boss runs it again once it expires.
            await boss.fail(name, job.id, { message: error instanceof Error ? error.message : String(error) }).catch(options.onError);
          }
        }
      });
      localWorkers.set(name, workerId);
    },
    async schedule(name, cron) {
      await ensureQueue(name);
      await boss.schedule(name, cron);
    },
    async stop() {
      await boss.stop({ graceful: true, timeout: 10_000 });
      unguard();
    },
  };
}

/**
 * pg-boss 10 records a batch's outcome (complete, or fail) without awaiting it (manager.js,
 * onFetch): with the database gone at that moment (a restart, a failover) the rejection is
 * unhandled and Node ends the process. Such a rejection is reported as a job error instead; the
 * job stays active until it expires and runs again (every job is idempotent in effect). Any
 * other unhandled rejection still ends the process, as Node would.
 */
function guardUnawaitedOutcomes(onError: (error: Error) => void): () => void {
  const guard = (reason: unknown) => {
    const stack = reason instanceof Error ? (reason.stack ?? '') : '';
    if (/pg-boss[\\/]src[\\/]manager\.js/.test(stack) && /Manager\.(complete|fail)\b/.test(stack)) {
      onError(reason as Error);
      return;
    }
    throw reason;
  };
  process.on('unhandledRejection', guard);
  return () => process.off('unhandledRejection', guard);
}

/**
 * Runs each job at once, in process, when it is sent. Tests use it so that what a job does
 * (an email reaching the outbox) is visible when the request that caused it returns.
 */
export function createInlineJobs(): Jobs {
  const handlers = new Map<string, JobHandler<object>>();
  const jobs: Jobs = {
    async send(name, data) {
      const handler = handlers.get(name);
      if (!handler) throw new Error(`No handler registered for job ${name}`);
      const started = performance.now();
      try {
        await handler(data);
      } catch (error) {
        recordJobRun(name, 'failed', secondsSince(started));
        throw error;
      }
      recordJobRun(name, 'ok', secondsSince(started));
    },
    async sendMany(name, items) {
      for (const data of items) await jobs.send(name, data);
    },
    async register(name, handler) {
      handlers.set(name, handler as JobHandler<object>);
    },
    // Tests move the sandbox clock and run due work themselves; nothing ticks on its own.
    async schedule() {},
    async stop() {},
  };
  return jobs;
}
