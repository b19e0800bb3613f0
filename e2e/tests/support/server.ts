import { spawn } from 'node:child_process';
import path from 'node:path';
import { expect } from '@playwright/test';

/**
 * One server per Playwright worker: its own API process and its own embedded PostgreSQL, so the
 * sandbox clock (one per server) moved by a spec moves only under the specs of its own worker,
 * which run one after another. Worker n listens on E2E_PORT + 10n, its PostgreSQL on
 * EMBEDDED_PG_PORT + 10n (docs/decisions.md, "e2e: a server per worker").
 */
const PORT_STEP = 10;

const basePort = () => Number(process.env.E2E_PORT ?? 3100);
const basePgPort = () => Number(process.env.EMBEDDED_PG_PORT ?? 54339);

type WorkerServer = { index: number; port: number; pgPort: number; url: string; databaseUrl: string; dataDir: string };

/**
 * The server of worker `index`; by default the worker this code runs in (Playwright sets
 * TEST_PARALLEL_INDEX in each worker before it loads the config and the specs, and a worker
 * started again after a failure keeps its parallel index, so it keeps its server).
 */
export function workerServer(index = Number(process.env.TEST_PARALLEL_INDEX ?? 0)): WorkerServer {
  const port = basePort() + PORT_STEP * index;
  const pgPort = basePgPort() + PORT_STEP * index;
  return {
    index,
    port,
    pgPort,
    url: `http://127.0.0.1:${port}`,
    databaseUrl: `postgres://crewpay:crewpay@127.0.0.1:${pgPort}/postgres`,
    // Its data folder (its PostgreSQL, files, secrets key) in the run's (playwright.config.ts).
    dataDir: path.join(process.env.CREWPAY_E2E_DATA_DIR ?? '', `worker-${index}`),
  };
}

export type ServerBeside = { url: string; stop: () => void };

/**
 * A second sandbox API process beside this worker's server, `offset` ports above it, with settings
 * of its own (`env`): the same database, data folder and secrets key, so a person signed in on
 * one is signed in on the other. Its job workers stay off: the worker's server runs the jobs.
 */
export async function startServerBeside(offset: number, env: Record<string, string>): Promise<ServerBeside> {
  const own = workerServer();
  const port = own.port + offset;
  const url = `http://127.0.0.1:${port}`;
  const server = spawn('node', ['--enable-source-maps', 'dist/server.js'], {
    cwd: path.resolve(import.meta.dirname, '../../../apps/api'),
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      SANDBOX: 'true',
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: own.dataDir,
      DATABASE_URL: own.databaseUrl,
      RUN_WORKERS: 'false',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_ANONYMOUS_MAX: '1000000',
      RATE_LIMIT_SIGNED_IN_MAX: '1000000',
      RATE_LIMIT_SIGN_UPS_PER_IP: '1000000',
      WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
      ...env,
    },
  });
  const stop = () => void server.kill('SIGTERM');
  try {
    await expect
      .poll(async () => (await fetch(`${url}/v1/meta`).catch(() => null))?.status ?? 0, { timeout: 90_000, intervals: [500] })
      .toBe(200);
  } catch (error) {
    stop();
    throw error;
  }
  return { url, stop };
}
