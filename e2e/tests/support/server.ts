import path from 'node:path';

/**
 * One server per Playwright worker: its own API process and its own embedded PostgreSQL, so the
 * sandbox clock (one per server) moved by a spec moves only under the specs of its own worker,
 * which run one after another. Worker n listens on E2E_PORT + 10n, its PostgreSQL on
 * EMBEDDED_PG_PORT + 10n (docs/decisions.md, "e2e: a server per worker").
 */
export const PORT_STEP = 10;

const basePort = () => Number(process.env.E2E_PORT ?? 3100);
const basePgPort = () => Number(process.env.EMBEDDED_PG_PORT ?? 54339);

export type WorkerServer = { index: number; port: number; pgPort: number; url: string; databaseUrl: string; dataDir: string };

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
