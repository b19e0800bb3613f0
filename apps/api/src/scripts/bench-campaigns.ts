// Benchmark of campaigns (npm run bench): GET /v1/campaigns with 1,000 campaigns of 20 payments
// each under 50 concurrent clients, over real HTTP against a fresh database (embedded PostgreSQL
// unless DATABASE_URL is set). The data is seeded with SQL in bulk: the API is what is measured.
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { startBenchServer } from './support/bench-server.ts';

const CAMPAIGNS = 1_000;
const PAYMENTS_PER_CAMPAIGN = 20;
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 50);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2_000);

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function main(): Promise<void> {
  const { base, database, stop } = await startBenchServer();

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
    const org = await json(
      await fetch(`${base}/v1/org`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Bench', website: 'https://bench.example' }),
      }),
    );
    const orgId = String(org.id);

    // 50 customers, 200 creators, 1,000 campaigns (one in ten archived) and 20 payments each, in every status.
    const seeded = performance.now();
    await database.db.execute(sql`
      INSERT INTO customers (id, org_id, name, email)
      SELECT gen_random_uuid(), ${orgId}, 'Brand ' || g, 'brand.' || g || '@bench.example' FROM generate_series(1, 50) g`);
    await database.db.execute(sql`
      INSERT INTO creators (id, org_id, email, first_name, last_name)
      SELECT gen_random_uuid(), ${orgId}, 'creator.' || g || '@bench.example', 'First' || g, 'Last' || g FROM generate_series(1, 200) g`);
    await database.db.execute(sql`
      INSERT INTO campaigns (id, org_id, title, description, customer_id, deal_size, campaign_status, created_at)
      SELECT gen_random_uuid(), ${orgId}, 'Campaign ' || g, 'Posts for campaign ' || g,
             (SELECT id FROM customers WHERE org_id = ${orgId} ORDER BY email OFFSET (g % 50) LIMIT 1),
             1000000 + g * 100,
             CASE WHEN g % 10 = 0 THEN 'archived' WHEN g % 3 = 0 THEN 'active' ELSE 'preflight' END,
             now() - make_interval(mins => ${CAMPAIGNS} - g)
        FROM generate_series(1, ${CAMPAIGNS}) g`);
    await database.db.execute(sql`
      WITH numbered_creators AS (SELECT id, row_number() OVER (ORDER BY email) - 1 AS n FROM creators WHERE org_id = ${orgId})
      INSERT INTO payments (id, org_id, payment_group_id, recipient, recipient_role, status, amount, earnings, split)
      SELECT gen_random_uuid(), ${orgId}, c.id, nc.id, 'creator',
             (ARRAY['draft', 'requires_info', 'processing', 'succeeded', 'succeeded', 'failed'])[1 + (p % 6)],
             10000 + p * 10, 10000 + p * 10, 100
        FROM campaigns c
        CROSS JOIN generate_series(1, ${PAYMENTS_PER_CAMPAIGN}) p
        JOIN numbered_creators nc ON nc.n = (p * 7) % 200
       WHERE c.org_id = ${orgId}`);
    await database.db.execute(sql`ANALYZE customers; ANALYZE campaigns; ANALYZE payments`);
    const seedSeconds = (performance.now() - seeded) / 1000;
    const counts = (
      await database.db.execute<{ campaigns: string; payments: string }>(
        sql`SELECT (SELECT count(*) FROM campaigns) AS campaigns, (SELECT count(*) FROM payments) AS payments`,
      )
    ).rows[0]!;
    if (Number(counts.campaigns) !== CAMPAIGNS || Number(counts.payments) !== CAMPAIGNS * PAYMENTS_PER_CAMPAIGN)
      throw new Error(`Seeded ${JSON.stringify(counts)}`);

    const first = await json(await fetch(`${base}/v1/campaigns?page_size=50`, { headers }));
    const row = (first.data as Record<string, number>[])[0]!;
    if (row.payments_total !== PAYMENTS_PER_CAMPAIGN || row.payments_posted !== 6) throw new Error(`Figures ${JSON.stringify(row)}`);
    const activePages = Math.ceil(Number(first.total) / 50);

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
    await measure((index) => `/v1/campaigns?page=${index % activePages}`, 300);
    const pages = await measure((index) => `/v1/campaigns?page=${index % activePages}&page_size=50`);
    const archived = await measure((index) => `/v1/campaigns?archived=true&page=${index % 2}&page_size=50`);
    const single = await measure((index) => `/v1/campaigns?page=${(index * 7) % activePages}&page_size=50`, 200, 1);

    console.log(
      `(load average ${os
        .loadavg()
        .map((value) => value.toFixed(1))
        .join(' ')} on ${os.cpus().length} CPUs; the load generator runs in the same process)`,
    );
    console.log(
      `Seeded ${CAMPAIGNS.toLocaleString('en-US')} campaigns and ${(CAMPAIGNS * PAYMENTS_PER_CAMPAIGN).toLocaleString('en-US')} payments with SQL in ${seedSeconds.toFixed(2)} s`,
    );
    console.log(
      `GET /v1/campaigns (pages of 50 with posted/total figures, ${CONCURRENCY} concurrent, ${REQUESTS} requests): median ${pages.median.toFixed(1)} ms, p99 ${pages.p99.toFixed(1)} ms, ${pages.rps.toFixed(0)} req/s`,
    );
    console.log(
      `GET /v1/campaigns?archived=true (same load): median ${archived.median.toFixed(1)} ms, p99 ${archived.p99.toFixed(1)} ms, ${archived.rps.toFixed(0)} req/s`,
    );
    console.log(
      `GET /v1/campaigns (one request at a time, 200 requests): median ${single.median.toFixed(1)} ms, p99 ${single.p99.toFixed(1)} ms`,
    );
  } finally {
    await stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
