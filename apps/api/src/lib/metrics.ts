import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The process's Prometheus metrics (served at /metrics, plugins/metrics.ts). One registry per
 * process: every counter here is this instance's since it started, and Prometheus sums the
 * instances. Labels are names chosen by the code (a route's pattern, a queue, a provider), never
 * values from a request, so the series stay few and carry no personal data.
 */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry });

const SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

const httpDuration = new Histogram({
  name: 'crewpay_http_request_duration_seconds',
  help: 'HTTP requests by route pattern, method and status, and how long they took',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: SECONDS_BUCKETS,
  registers: [metricsRegistry],
});

const jobRuns = new Histogram({
  name: 'crewpay_job_duration_seconds',
  help: 'Jobs run by this process, by queue and outcome (ok, failed), and how long they took',
  labelNames: ['queue', 'outcome'] as const,
  buckets: SECONDS_BUCKETS,
  registers: [metricsRegistry],
});

const providerCalls = new Histogram({
  name: 'crewpay_provider_call_duration_seconds',
  help: 'Calls to outside providers by provider, operation and outcome (succeeded, failed, retry), and how long they took',
  labelNames: ['provider', 'operation', 'outcome'] as const,
  buckets: SECONDS_BUCKETS,
  registers: [metricsRegistry],
});

const ledgerTransfers = new Counter({
  name: 'crewpay_ledger_transfers_posted_total',
  help: 'Ledger transfers posted by this process, by type (counted when written; a transaction rolled back afterwards is included)',
  labelNames: ['type'] as const,
  registers: [metricsRegistry],
});

export function recordHttpRequest(labels: { method: string; route: string; status: number }, seconds: number): void {
  httpDuration.observe({ method: labels.method, route: labels.route, status: String(labels.status) }, seconds);
}

export function recordJobRun(queue: string, outcome: 'ok' | 'failed', seconds: number): void {
  jobRuns.observe({ queue, outcome }, seconds);
}

export function recordProviderCall(
  labels: { provider: string; operation: string; outcome: 'succeeded' | 'failed' | 'retry' },
  seconds: number,
): void {
  providerCalls.observe(labels, seconds);
}

export function countLedgerTransfer(type: string): void {
  ledgerTransfers.inc({ type });
}

type PoolLike = { totalCount: number; idleCount: number; waitingCount: number };

/**
 * The database pools a kernel reports at /metrics (events/kernel.ts builds one with each kernel;
 * main.ts watches the process's pool), in a registry of their own that /metrics serves with the
 * one above. Kept with the kernel, not here: the pools are the process's objects, opened and
 * closed by whoever built it, and two apps in one process (the tests) report their own.
 */
export type PoolMetrics = {
  /** Reports a pool's connections until it is closed (the function answered stops it). */
  watchPool(name: string, pool: PoolLike): () => void;
  readonly registry: Registry;
};

export function createPoolMetrics(): PoolMetrics {
  const pools = new Map<PoolLike, string>();
  const registry = new Registry();
  new Gauge({
    name: 'crewpay_db_pool_connections',
    help: "The database pools' connections: total open, idle, and requests waiting for one",
    labelNames: ['pool', 'state'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [pool, name] of pools) {
        this.inc({ pool: name, state: 'total' }, pool.totalCount);
        this.inc({ pool: name, state: 'idle' }, pool.idleCount);
        this.inc({ pool: name, state: 'waiting' }, pool.waitingCount);
      }
    },
  });
  return {
    watchPool(name, pool) {
      pools.set(pool, name);
      return () => void pools.delete(pool);
    },
    registry,
  };
}

/** Seconds since a performance.now() reading. */
export const secondsSince = (start: number) => (performance.now() - start) / 1000;
