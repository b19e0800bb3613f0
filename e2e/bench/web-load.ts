// One page load as the bench measures it (bench/web.ts): a fresh Chromium context with the cache
// off, the JavaScript it downloads until the network is idle (compressed as served, and decoded,
// from Resource Timing), its Largest Contentful Paint, when the page's own content first showed,
// and how many requests the page had started by then. Figures, not assertions.
import type { Browser, Page } from '@playwright/test';

const TOKEN_KEY = 'crewpay.auth_token';
const RUNS = 5;

type Load = {
  /** The JavaScript's bodies as sent (brotli: the server's precompressed copies), every script of the load. */
  wireBytes: number;
  /** The same JavaScript decoded. */
  bodyBytes: number;
  scripts: number;
  lcpMs: number;
  contentMs: number;
  /** Requests started before the content showed, the document included. */
  requestsBeforeContent: number;
};

type Visit = {
  path: string;
  token?: string;
  /** A CSS selector of the page's own content (a form button, a stat tile, a table row) ... */
  content: string;
  /** ... and, when the element is there before its data, a text it shows once the data is in. */
  contentText?: string;
};

/** A request of the page, as its Resource Timing entry says (ms since the navigation started). */
type Fetched = {
  name: string;
  type: string;
  startMs: number;
  endMs: number;
  /** Headers and body as received; the body alone as sent (compressed) and decoded. */
  wireBytes: number;
  encodedBytes: number;
  decodedBytes: number;
};

/**
 * When the content first matched, polled on each frame, and the Resource Timing buffer made large
 * enough for a page of many chunks. In sandbox mode the full-width banner is the largest text of a
 * signed-in page and paints early, so LCP alone does not say when the page's data appears. A plain
 * string: the bench's compiled functions would carry helpers the page lacks.
 */
const contentClock = (selector: string, text: string) =>
  `(() => { performance.setResourceTimingBufferSize(1000); const check = () => { const found = [...document.querySelectorAll(${JSON.stringify(selector)})].some((element) => element.textContent.includes(${JSON.stringify(text)})); if (found) window.__contentMs = performance.now(); else requestAnimationFrame(check); }; requestAnimationFrame(check); })();`;

/** Every load starts with an empty cache, as a first visit does. */
async function disableCache(page: Page): Promise<void> {
  const session = await page.context().newCDPSession(page);
  await session.send('Network.enable');
  await session.send('Network.setCacheDisabled', { cacheDisabled: true });
}

const readFetched = (page: Page) =>
  page.evaluate(() =>
    performance.getEntriesByType('resource').map((entry) => {
      const timing = entry as PerformanceResourceTiming;
      return {
        name: new URL(timing.name).pathname + new URL(timing.name).search,
        type: timing.initiatorType,
        startMs: timing.startTime,
        endMs: timing.responseEnd,
        wireBytes: timing.transferSize,
        encodedBytes: timing.encodedBodySize,
        decodedBytes: timing.decodedBodySize,
      };
    }),
  );

/** One load of `visit.path`; `onFetched` gets the page's requests (for BENCH_WEB_WATERFALL). */
async function load(
  browser: Browser,
  base: string,
  visit: Visit,
  onFetched?: (fetched: Fetched[], contentMs: number) => void,
): Promise<Load> {
  const context = await browser.newContext();
  try {
    // Signed in the way the app keeps its session, before the page's first script runs.
    if (visit.token)
      await context.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [TOKEN_KEY, visit.token] as const);
    await context.addInitScript({ content: contentClock(visit.content, visit.contentText ?? '') });
    const page = await context.newPage();
    await disableCache(page);
    await page.goto(`${base}${visit.path}`, { waitUntil: 'networkidle' });
    await page.waitForFunction(() => (window as unknown as { __contentMs?: number }).__contentMs !== undefined);
    const lcpMs = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          new PerformanceObserver((list) => {
            const entries = list.getEntries();
            resolve(entries[entries.length - 1]!.startTime);
          }).observe({ type: 'largest-contentful-paint', buffered: true });
        }),
    );
    const contentMs = await page.evaluate(() => (window as unknown as { __contentMs: number }).__contentMs);
    const fetched = await readFetched(page);
    onFetched?.(fetched, contentMs);
    const scripts = fetched.filter((entry) => entry.name.endsWith('.js'));
    const sum = (pick: (entry: Fetched) => number) => scripts.reduce((total, entry) => total + pick(entry), 0);
    return {
      wireBytes: sum((entry) => entry.encodedBytes),
      bodyBytes: sum((entry) => entry.decodedBytes),
      scripts: scripts.length,
      lcpMs,
      contentMs,
      // The document itself is a request too; it is not a Resource Timing entry.
      requestsBeforeContent: 1 + fetched.filter((entry) => entry.startMs < contentMs).length,
    };
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Prints a load's requests in the order they started: what waited on what. */
function printWaterfall(visit: Visit, fetched: Fetched[], contentMs: number): void {
  console.log(`\n${visit.path}: content at ${contentMs.toFixed(0)} ms`);
  console.table(
    [...fetched]
      .sort((a, b) => a.startMs - b.startMs)
      .map((entry) => ({
        request: entry.name.replace(/^\/assets\//, ''),
        type: entry.type,
        start: Math.round(entry.startMs),
        end: Math.round(entry.endMs),
        KB: +(entry.encodedBytes / 1024).toFixed(1),
        'before content': entry.startMs < contentMs ? 'yes' : '',
      })),
  );
}

/**
 * The median of RUNS loads, after one that warms the server (file cache, JIT, PostgreSQL's
 * buffers). With BENCH_WEB_WATERFALL set, the last load's requests are printed.
 */
export async function measure(browser: Browser, base: string, visit: Visit): Promise<Load> {
  await load(browser, base, visit);
  const loads: Load[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const isLast = run === RUNS - 1 && process.env.BENCH_WEB_WATERFALL !== undefined;
    loads.push(await load(browser, base, visit, isLast ? (fetched, contentMs) => printWaterfall(visit, fetched, contentMs) : undefined));
  }
  const middle = (pick: (one: Load) => number) => median(loads.map(pick));
  return {
    wireBytes: middle((one) => one.wireBytes),
    bodyBytes: middle((one) => one.bodyBytes),
    scripts: middle((one) => one.scripts),
    lcpMs: middle((one) => one.lcpMs),
    contentMs: middle((one) => one.contentMs),
    requestsBeforeContent: middle((one) => one.requestsBeforeContent),
  };
}

export { RUNS };
