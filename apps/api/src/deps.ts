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
  /** This process's registries (event bus, provider operations and verifiers, clock work, reconcile checks, job workers). */
  kernel: Kernel;
};

/**
 * The kernel a process builds from the modules' descriptors (src/wiring.ts). Its members are
 * declared in events/kernel.ts by declaration merging: they name the types of the layers above
 * (a provider's verifier, a module's handler), which this base file may not import, while every
 * module must find the kernel in the deps it is given.
 */
// eslint-disable-next-line @typescript-eslint/consistent-type-definitions, @typescript-eslint/no-empty-object-type -- filled by events/kernel.ts
export interface Kernel {}
