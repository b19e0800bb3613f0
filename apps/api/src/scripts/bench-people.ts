// Benchmarks of the people feature (npm run bench): a 10,000-row creators CSV import, and
// GET /v1/creators latency with 10,000 creators under 50 concurrent requests, over real HTTP
// against a fresh database (embedded PostgreSQL unless DATABASE_URL is set).
import os from 'node:os';
import { startBenchServer } from './support/bench-server.ts';

const ROWS = 10_000;
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 50);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2_000);

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function main(): Promise<void> {
  const { base, stop } = await startBenchServer();

  try {
    const json = async (response: Response) => {
      if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);
      return response.json() as Promise<Record<string, unknown>>;
    };
    const session = await json(
      await fetch(`${base}/v1/users/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'bench@example.com', password: 'Bench-passw0rd!' }),
      }),
    );
    const headers = { 'auth-token': String(session.auth_token) };
    await json(
      await fetch(`${base}/v1/org`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Bench', website: 'https://bench.example' }),
      }),
    );
    await json(
      await fetch(`${base}/v1/org/plan`, {
        method: 'PUT',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ plan: 'standard' }),
      }),
    );

    const lines = ['email,first_name,last_name,business_name,entity_type,phone_number,account_number,routing_number'];
    for (let index = 0; index < ROWS; index += 1)
      lines.push(
        `creator.${index}@bench.example,First${index},Last${index},,individual,(415) 555-${String(index % 10_000).padStart(4, '0')},${10_000_000 + index},110000000`,
      );
    const form = new FormData();
    form.append('file', new Blob([lines.join('\n')], { type: 'text/csv' }), 'creators.csv');
    const started = performance.now();
    const imported = await json(await fetch(`${base}/v1/creators/bulk`, { method: 'POST', headers, body: form }));
    const importSeconds = (performance.now() - started) / 1000;
    if (imported.added !== ROWS) throw new Error(`Imported ${String(imported.added)} of ${ROWS}`);

    const measure = async (makeUrl: (index: number) => string, requests = REQUESTS, concurrency = CONCURRENCY) => {
      const latencies: number[] = [];
      let next = 0;
      const worker = async () => {
        while (next < requests) {
          const index = next++;
          const start = performance.now();
          const response = await fetch(`${base}${makeUrl(index)}`, { headers });
          await response.arrayBuffer();
          if (!response.ok) throw new Error(`GET ${makeUrl(index)}: ${response.status}`);
          latencies.push(performance.now() - start);
        }
      };
      const wall = performance.now();
      await Promise.all(Array.from({ length: concurrency }, worker));
      const seconds = (performance.now() - wall) / 1000;
      latencies.sort((a, b) => a - b);
      return { median: percentile(latencies, 50), p99: percentile(latencies, 99), rps: requests / seconds };
    };
    // Warm-up: JIT, the connection pool and PostgreSQL's caches, as a running server has them.
    await measure((index) => `/v1/creators?page=${index % 200}`, 300);
    const pages = await measure((index) => `/v1/creators?page=${index % 200}&page_size=50`);
    const single = await measure((index) => `/v1/creators?page=${(index * 7) % 200}&page_size=50`, 200, 1);
    const searches = await measure((index) => `/v1/creators?search=last${(index * 37) % ROWS}&page_size=50`);

    console.log(
      `(load average ${os
        .loadavg()
        .map((value) => value.toFixed(1))
        .join(' ')} on ${os.cpus().length} CPUs; the load generator runs in the same process)`,
    );
    console.log(`Creators CSV import: ${ROWS.toLocaleString('en-US')} rows in ${importSeconds.toFixed(2)} s`);
    console.log(
      `GET /v1/creators (pages of 50, ${ROWS.toLocaleString('en-US')} creators, ${CONCURRENCY} concurrent, ${REQUESTS} requests): median ${pages.median.toFixed(1)} ms, p99 ${pages.p99.toFixed(1)} ms, ${pages.rps.toFixed(0)} req/s`,
    );
    console.log(
      `GET /v1/creators (one request at a time, 200 requests): median ${single.median.toFixed(1)} ms, p99 ${single.p99.toFixed(1)} ms`,
    );
    console.log(
      `GET /v1/creators?search= (same load): median ${searches.median.toFixed(1)} ms, p99 ${searches.p99.toFixed(1)} ms, ${searches.rps.toFixed(0)} req/s`,
    );
  } finally {
    await stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
