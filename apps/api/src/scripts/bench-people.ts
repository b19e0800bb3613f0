// Benchmarks of the people feature (npm run bench): a 10,000-row creators CSV import, and
// GET /v1/creators with 10,000 creators under 50 concurrent clients beside a bare node-postgres
// keyset server on the same database, in the same run, over real HTTP (embedded PostgreSQL
// unless DATABASE_URL is set). The load generator runs in its own process (support/load.ts), on
// the two servers in alternating rounds.
import { startBareServer } from './support/bare-server.ts';
import { startBenchServer } from './support/bench-server.ts';
import { loadAlternating, loadInChild } from './support/load-in-child.ts';
import { ms, reportFigures, rssMb } from './support/results.ts';

const ROWS = 10_000;
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 50);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2_000);
/** Each comparison runs in this many alternating rounds (API, bare, API, bare...). */
const ROUNDS = 4;

async function main(): Promise<void> {
  const { base, url, signUp, stop } = await startBenchServer();
  let stopBare: (() => Promise<void>) | undefined;
  try {
    const json = async (response: Response) => {
      if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);
      return response.json() as Promise<Record<string, unknown>>;
    };
    const post = (path: string, body: unknown, headers: Record<string, string> = {}, method = 'POST') =>
      fetch(`${base}${path}`, { method, headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) }).then(
        json,
      );
    const session = await signUp('bench@example.com', 'Bench-passw0rd!');
    const headers = { 'auth-token': String(session.auth_token) };
    const org = await post('/v1/org', { name: 'Bench', website: 'https://bench.example' }, headers);
    await post('/v1/org/plan', { plan: 'standard' }, headers, 'PUT');

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
    await new Promise((resolve) => setTimeout(resolve, 1000)); // the import's ANALYZE runs after its answer

    // The cursors of all 200 pages, walked once, so both servers answer the very same pages.
    const cursors: string[] = [];
    for (let cursor: string | null = null; cursors.length < ROWS / 50;) {
      const page = await json(await fetch(`${base}/v1/creators?page_size=50${cursor ? `&starting_after=${cursor}` : ''}`, { headers }));
      cursors.push(cursor ?? '');
      cursor = page.next_cursor as string | null;
      if (!cursor) break;
    }
    const apiPages = cursors.map((cursor) => `/v1/creators?page_size=50${cursor ? `&starting_after=${cursor}` : ''}`);
    const barePages = cursors.map((cursor) => (cursor ? `/?after=${Buffer.from(cursor, 'base64url').toString('utf8')}` : '/'));
    const searches = Array.from({ length: 200 }, (_, index) => `last${(index * 37) % ROWS}`);
    const bare = await startBareServer(url, String(org.id));
    stopBare = bare.stop;

    const load = (target: string, urls: string[], requests = REQUESTS, concurrency = CONCURRENCY) =>
      loadInChild({ base: target, headers, urls, requests, concurrency });
    // Warm-up: JIT, the connection pools and PostgreSQL's caches, as a running server has them.
    await load(base, apiPages, 400);
    await load(bare.base, barePages, 400);
    const side = (target: string, urls: string[], requests = REQUESTS, concurrency = CONCURRENCY) => ({
      base: target,
      headers,
      urls,
      requests,
      concurrency,
    });
    const [api, yardstick] = await loadAlternating(side(base, apiPages), side(bare.base, barePages), ROUNDS);
    const [single, bareSingle] = await loadAlternating(side(base, apiPages, 400, 1), side(bare.base, barePages, 400, 1), ROUNDS);
    // The page a person sees first: by page number, with the total the grid shows ("1-50 of 10,000").
    const [first, bareFirst] = await loadAlternating(
      side(base, ['/v1/creators?page=0&page_size=50'], 200, 1),
      side(bare.base, ['/'], 200, 1),
      ROUNDS,
    );
    const [search, bareSearch] = await loadAlternating(
      side(
        base,
        searches.map((term) => `/v1/creators?page_size=50&search=${term}`),
      ),
      side(
        bare.base,
        searches.map((term) => `/?search=${term}`),
      ),
      ROUNDS,
    );
    // One- and two-letter terms, one request at a time: terms no creator's email or name starts
    // with (the trigram index narrows them to nothing), and terms every one of them starts with
    // ("First...", "Last..."), where counting and sorting all 10,000 matches is the work.
    const shortTerms = (terms: string[]) => terms.map((term) => `/v1/creators?page=0&page_size=50&search=${term}`);
    const shortFew = await load(base, shortTerms(['q', 'zq', 'x', '7', 'ab']), 200, 1);
    const shortAll = await load(base, shortTerms(['f', 'la', 'fi', 'l']), 200, 1);
    const rss = rssMb();

    reportFigures(
      'people',
      [
        {
          figure: `GET /v1/creators, pages of 50 over ${ROWS} creators, ${CONCURRENCY} concurrent, vs the bare keyset server`,
          value: `${api.rps.toFixed(0)} vs ${yardstick.rps.toFixed(0)} req/s (ratio ${(api.rps / yardstick.rps).toFixed(2)}); p99 ${ms(api.p99)} vs ${ms(yardstick.p99)}`,
          goal: 'ratio >= 0.5, p99 within 2x of bare',
        },
        {
          figure: 'the same, one request at a time (API vs bare)',
          value: `median ${ms(single.median)} vs ${ms(bareSingle.median)}`,
          goal: 'median < 3 ms',
        },
        {
          figure: 'the first page (page=0, with its total), one request at a time (API vs bare, which counts nothing)',
          value: `median ${ms(first.median)} vs ${ms(bareFirst.median)}`,
          goal: 'a few ms',
        },
        {
          figure: `GET /v1/creators?search=, ${CONCURRENCY} concurrent, vs a bare trigram query`,
          value: `${search.rps.toFixed(0)} vs ${bareSearch.rps.toFixed(0)} req/s (ratio ${(search.rps / bareSearch.rps).toFixed(2)}); p99 ${ms(search.p99)} vs ${ms(bareSearch.p99)}`,
          goal: 'ratio >= 0.5',
        },
        {
          figure: 'GET /v1/creators?search= of one or two letters that no word starts with, one at a time',
          value: `median ${ms(shortFew.median)}, p99 ${ms(shortFew.p99)}`,
          goal: 'median < 3 ms (the trigram index narrows it)',
        },
        {
          figure: `the same with terms every creator's name starts with (${ROWS} matches counted and sorted)`,
          value: `median ${ms(shortAll.median)}, p99 ${ms(shortAll.p99)}`,
          goal: 'median < 40 ms',
        },
        { figure: `creators CSV import, ${ROWS} rows`, value: `${importSeconds.toFixed(2)} s`, goal: '< 2 s' },
        { figure: 'server resident memory after the benchmark (API and bare server)', value: `${rss} MB`, goal: '' },
      ],
      {
        creators_rps: api.rps,
        creators_bare_rps: yardstick.rps,
        creators_p99_ms: api.p99,
        creators_bare_p99_ms: yardstick.p99,
        creators_single_median_ms: single.median,
        creators_bare_single_median_ms: bareSingle.median,
        creators_first_page_median_ms: first.median,
        creators_bare_first_page_median_ms: bareFirst.median,
        search_rps: search.rps,
        search_bare_rps: bareSearch.rps,
        search_p99_ms: search.p99,
        short_search_few_median_ms: shortFew.median,
        short_search_all_median_ms: shortAll.median,
        import_seconds: importSeconds,
        rss_mb: rss,
      },
    );
  } finally {
    await stopBare?.();
    await stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
