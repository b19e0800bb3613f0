import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import type { Jobs } from './jobs/jobs.ts';
import type { SecretBox } from './lib/secrets.ts';

/** Everything a route or service needs from the outside world, built once at start (or per test). */
export type AppDeps = {
  config: Config;
  db: Db;
  jobs: Jobs;
  secrets: SecretBox;
};
