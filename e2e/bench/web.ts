// The browser's side of `npm run bench`: what a first-time visitor's Chromium pays for /signin
// (the JavaScript it downloads, compressed and not, and the Largest Contentful Paint), and the LCP
// of Home and /payments for a signed-in owner of an organisation with 10,000 creators and 50,000
// payments. Starts the production server (npm run start -w apps/api) on its own data folder and
// ports; every load has an empty cache. Figures, not assertions.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { SEEDED_CREATORS, SEEDED_PAYMENTS, seedOrg } from './seed-org.ts';

const PORT = Number(process.env.BENCH_WEB_PORT ?? 3990);
const PG_PORT = Number(process.env.BENCH_WEB_PG_PORT ?? 54990);
const RUNS = 5;
/** BENCH_WEB_ONLY=signin: the /signin figures alone, without seeding the organisation (a quick A/B of the sign-in page). */
const SIGNIN_ONLY = process.env.BENCH_WEB_ONLY === 'signin';
const TOKEN_KEY = 'crewpay.auth_token';
const base = `http://127.0.0.1:${PORT}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crewpay-bench-web-'));
fs.chmodSync(dataDir, 0o755);

const server = spawn('npm', ['run', 'start', '-w', 'apps/api'], {
  cwd: path.resolve(import.meta.dirname, '../..'),
  env: { ...process.env, PORT: String(PORT), EMBEDDED_PG_PORT: String(PG_PORT), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  stdio: 'ignore',
  detached: true,
});

async function waitForServer(): Promise<void> {
  for (let i = 0; i < 240; i += 1) {
    const answer = await fetch(`${base}/health`).catch(() => undefined);
    if (answer?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('The server did not start');
}

type Load = { wireBytes: number; bodyBytes: number; lcpMs: number; contentMs: number };
/** `content` is a CSS selector of the page's own content (the form, a stat tile, a grid cell). */
type Visit = { path: string; token?: string; content: string; shown: (page: Page) => Promise<void> };

/**
 * When `selector` first matched, polled on each frame. In sandbox mode the full-width banner is
 * the largest text of a signed-in page and paints early, so LCP alone does not say when the
 * page's data appears. A plain string: the bench's compiled functions would carry helpers the
 * page lacks.
 */
const contentClock = (selector: string) =>
  `(() => { const check = () => { if (document.querySelector(${JSON.stringify(selector)})) window.__contentMs = performance.now(); else requestAnimationFrame(check); }; requestAnimationFrame(check); })();`;

/** One load of `visit.path` in a fresh context with the cache off; `shown` waits for the page's content. */
async function load(browser: Browser, visit: Visit): Promise<Load> {
  const context = await browser.newContext();
  try {
    // Signed in the way the app keeps its session, before the page's first script runs.
    if (visit.token)
      await context.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [TOKEN_KEY, visit.token] as const);
    await context.addInitScript({ content: contentClock(visit.content) });
    const page = await context.newPage();
    const session = await context.newCDPSession(page);
    await session.send('Network.enable');
    await session.send('Network.setCacheDisabled', { cacheDisabled: true });
    const scripts = new Set<string>();
    let wireBytes = 0;
    let bodyBytes = 0;
    session.on('Network.responseReceived', (event) => {
      if (event.type === 'Script') scripts.add(event.requestId);
    });
    session.on('Network.dataReceived', (event) => {
      if (scripts.has(event.requestId)) bodyBytes += event.dataLength;
    });
    session.on('Network.loadingFinished', (event) => {
      if (scripts.has(event.requestId)) wireBytes += event.encodedDataLength;
    });
    await page.goto(`${base}${visit.path}`, { waitUntil: 'networkidle' });
    await visit.shown(page);
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
    return { wireBytes, bodyBytes, lcpMs, contentMs };
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** The median of RUNS loads, after one that warms the server (file cache, JIT, PostgreSQL's buffers). */
async function measure(browser: Browser, visit: Visit): Promise<Load> {
  await load(browser, visit);
  const loads: Load[] = [];
  for (let run = 0; run < RUNS; run += 1) loads.push(await load(browser, visit));
  return {
    wireBytes: median(loads.map((one) => one.wireBytes)),
    bodyBytes: median(loads.map((one) => one.bodyBytes)),
    lcpMs: median(loads.map((one) => one.lcpMs)),
    contentMs: median(loads.map((one) => one.contentMs)),
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
const ms = (value: number) => `${value.toFixed(0)} ms`;

type Row = { figure: string; value: string; goal: string };

/** The signed-in pages' figures, on the seeded organisation. */
async function measureSignedIn(browser: Browser, token: string): Promise<{ rows: Row[]; figures: Record<string, number> }> {
  const home = await measure(browser, {
    path: '/',
    token,
    content: 'section[aria-label="Total creators"]',
    shown: (page) => page.getByRole('region', { name: 'Total creators' }).getByText(String(SEEDED_CREATORS)).waitFor(),
  });
  const payments = await measure(browser, {
    path: '/payments',
    token,
    content: '[role=row] [role=gridcell]',
    shown: (page) =>
      page
        .getByRole('row', { name: /First\d+ Last\d+/ })
        .first()
        .waitFor(),
  });
  const seeded = `${SEEDED_CREATORS.toLocaleString('en-US')} creators, ${SEEDED_PAYMENTS.toLocaleString('en-US')} payments`;
  return {
    rows: [
      { figure: `LCP of Home, signed in, ${seeded}`, value: ms(home.lcpMs), goal: '< 1500 ms' },
      { figure: 'Home: the dashboard tiles shown', value: ms(home.contentMs), goal: '' },
      { figure: `LCP of /payments, signed in, ${seeded}`, value: ms(payments.lcpMs), goal: '< 1500 ms' },
      { figure: '/payments: the first rows shown', value: ms(payments.contentMs), goal: '' },
    ],
    figures: {
      home_lcp_ms: Math.round(home.lcpMs),
      home_content_ms: Math.round(home.contentMs),
      payments_lcp_ms: Math.round(payments.lcpMs),
      payments_content_ms: Math.round(payments.contentMs),
    },
  };
}

try {
  await waitForServer();
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
  try {
    const signIn = await measure(browser, {
      path: '/signin',
      // The page is painted from its prerendered HTML; its button becomes the form's submit
      // button once React has hydrated it (sign-in-form.tsx): the form can be sent from then on.
      content: 'form button[type=submit]',
      shown: (page) => page.locator('form button[type=submit]').waitFor(),
    });
    const signedIn = SIGNIN_ONLY
      ? { rows: [], figures: {} }
      : await measureSignedIn(browser, (await seedOrg(base, `postgres://crewpay:crewpay@127.0.0.1:${PG_PORT}/postgres`)).token);
    console.table([
      { figure: 'JS downloaded by /signin (on the wire, compressed)', value: kb(signIn.wireBytes), goal: '< 250 KB' },
      { figure: 'the same JS uncompressed', value: kb(signIn.bodyBytes), goal: '' },
      { figure: `LCP of /signin (median of ${RUNS}, Chromium, same machine)`, value: ms(signIn.lcpMs), goal: '< 500 ms' },
      { figure: '/signin: the form hydrated (can be sent)', value: ms(signIn.contentMs), goal: '' },
      ...signedIn.rows,
    ]);
    const resultsFile = path.resolve(import.meta.dirname, '../../bench-results.json');
    const previous = fs.existsSync(resultsFile) ? (JSON.parse(fs.readFileSync(resultsFile, 'utf8')) as Record<string, unknown>) : {};
    const previousWeb = (previous.web ?? {}) as Record<string, number>;
    const web = {
      ...previousWeb,
      signin_js_wire_bytes: signIn.wireBytes,
      signin_js_bytes: signIn.bodyBytes,
      signin_lcp_ms: Math.round(signIn.lcpMs),
      signin_hydrated_ms: Math.round(signIn.contentMs),
      ...signedIn.figures,
    };
    fs.writeFileSync(resultsFile, JSON.stringify({ ...previous, web }, null, 2));
  } finally {
    await browser.close();
  }
} finally {
  if (server.pid) process.kill(-server.pid, 'SIGTERM');
}
