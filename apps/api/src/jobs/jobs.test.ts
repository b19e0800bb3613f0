import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { withDatabase } from '../db/embedded.ts';
import { createPgBossJobs, type Jobs } from './jobs.ts';

const QUEUE = 'jobs-test';

describe('createPgBossJobs', () => {
  const name = `crewpay_jobs_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: inject('serverUrl') });
  let jobs: Jobs;
  let client: pg.Client;

  beforeAll(async () => {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = withDatabase(inject('serverUrl'), name);
    jobs = await createPgBossJobs({ url, runWorkers: true, onError: () => {} });
    client = new pg.Client({ connectionString: url });
    await client.connect();
  });
  afterAll(async () => {
    await jobs.stop();
    await client.end();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });

  const states = async () => {
    const { rows } = await client.query<{ n: number; state: string }>(
      `SELECT (data->>'n')::int AS n, state FROM pgboss.job WHERE name = $1 ORDER BY (data->>'n')::int`,
      [QUEUE],
    );
    return rows;
  };

  it('runs a burst of jobs in batches, and a job that throws fails alone while the rest of its batch completes', async () => {
    const handled: number[] = [];
    await jobs.register<{ n: number }>(QUEUE, async ({ n }) => {
      if (n === 3) throw new Error('job 3 cannot be done');
      handled.push(n);
    });
    await jobs.sendMany(
      QUEUE,
      Array.from({ length: 30 }, (_, index) => ({ n: index })),
    );
    await expect
      .poll(async () => (await states()).filter((row) => row.state === 'completed').length, { timeout: 20_000, interval: 250 })
      .toBe(29);
    const failed = (await states()).filter((row) => row.state !== 'completed');
    expect(failed).toEqual([{ n: 3, state: 'retry' }]);
    expect(new Set(handled).size).toBe(29);
    expect(handled).not.toContain(3);
  });
});
