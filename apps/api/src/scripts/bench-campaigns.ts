// Benchmark of campaigns (npm run bench): GET /v1/campaigns with 1,000 campaigns of 20 payments
// each, and /v1/payments and /v1/invoices pages, under 50 concurrent clients (its own process), over real HTTP against a fresh database (embedded PostgreSQL
// unless DATABASE_URL is set). The data is seeded with SQL in bulk: the API is what is measured.
import { sql } from 'drizzle-orm';
import { startBenchServer } from './support/bench-server.ts';
import { loadInChild } from './support/load-in-child.ts';
import { ms, reportFigures, rssMb } from './support/results.ts';

const CAMPAIGNS = 1_000;
const PAYMENTS_PER_CAMPAIGN = 20;
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 50);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2_000);

async function main(): Promise<void> {
  const { base, database, signUp, stop } = await startBenchServer();

  try {
    const json = async (response: Response) => {
      if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);
      return response.json() as Promise<Record<string, unknown>>;
    };
    const session = await signUp('bench@example.com', 'Bench-passw0rd!');
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
    // As autovacuum leaves tables at rest: the seed is months of use written in one statement, and
    // until a vacuum marks its pages all-visible every index-only read would visit the table too.
    await database.db.execute(sql`VACUUM (ANALYZE) customers, campaigns, payments`);
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

    const load = (urls: string[], requests = REQUESTS, concurrency = CONCURRENCY) =>
      loadInChild({ base, headers, urls, requests, concurrency });
    const pageUrls = (path: string, pages: number) => Array.from({ length: pages }, (_, page) => `${path}page=${page}&page_size=50`);
    // Warm-up: JIT, the connection pool and PostgreSQL's caches, as a running server has them.
    await load(pageUrls('/v1/campaigns?', activePages), 300);
    const pages = await load(pageUrls('/v1/campaigns?', activePages));
    const archived = await load(pageUrls('/v1/campaigns?archived=true&', 2));
    const single = await load(pageUrls('/v1/campaigns?', activePages), 200, 1);
    const payments = await load(pageUrls('/v1/payments?', 200));
    const invoices = await load(pageUrls('/v1/invoices?', 1));
    const rss = rssMb();

    console.log(
      `Seeded ${CAMPAIGNS.toLocaleString('en-US')} campaigns and ${(CAMPAIGNS * PAYMENTS_PER_CAMPAIGN).toLocaleString('en-US')} payments with SQL in ${seedSeconds.toFixed(2)} s`,
    );
    const under = `${CONCURRENCY} concurrent, ${REQUESTS} requests`;
    reportFigures(
      'campaigns',
      [
        {
          figure: `GET /v1/campaigns, pages of 50 with figures, ${under}`,
          value: `${pages.rps.toFixed(0)} req/s, p99 ${ms(pages.p99)}`,
          goal: '',
        },
        {
          figure: 'GET /v1/campaigns?archived=true, same load',
          value: `${archived.rps.toFixed(0)} req/s, p99 ${ms(archived.p99)}`,
          goal: '',
        },
        { figure: 'GET /v1/campaigns, one request at a time', value: `median ${ms(single.median)}`, goal: '' },
        {
          figure: `GET /v1/payments, pages of 50 over ${CAMPAIGNS * PAYMENTS_PER_CAMPAIGN} payments, same load`,
          value: `${payments.rps.toFixed(0)} req/s, p99 ${ms(payments.p99)}`,
          goal: '',
        },
        { figure: 'GET /v1/invoices, first page, same load', value: `${invoices.rps.toFixed(0)} req/s, p99 ${ms(invoices.p99)}`, goal: '' },
        { figure: 'server resident memory after the benchmark', value: `${rss} MB`, goal: '' },
      ],
      {
        campaigns_rps: pages.rps,
        campaigns_p99_ms: pages.p99,
        campaigns_single_median_ms: single.median,
        payments_rps: payments.rps,
        payments_p99_ms: payments.p99,
        invoices_rps: invoices.rps,
        invoices_p99_ms: invoices.p99,
        rss_mb: rss,
      },
    );
  } finally {
    await stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
