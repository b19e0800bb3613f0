// The browser's side of `npm run bench`: what a first-time visitor's Chromium pays for /signin
// (the JavaScript it downloads, compressed and not, and the Largest Contentful Paint), and for a
// signed-in owner of the seeded organisation (seed-org.ts), Home, /creators, /payments and
// /invoices: when each page's own content shows, the JavaScript it downloads and the requests it
// makes before that. Starts the production server (npm run start -w apps/api) on its own data
// folder and ports; every load has an empty cache (web-load.ts). Figures, not assertions.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { RUNS, measure } from './web-load.ts';
import { SEEDED_CREATORS, SEEDED_INVOICES, SEEDED_PAYMENTS, seedOrg } from './seed-org.ts';

const PORT = Number(process.env.BENCH_WEB_PORT ?? 3990);
const PG_PORT = Number(process.env.BENCH_WEB_PG_PORT ?? 54990);
/**
 * BENCH_WEB_ONLY=signin: the /signin figures alone, without seeding the organisation (a quick A/B
 * of the sign-in page); BENCH_WEB_ONLY=home,payments: those signed-in pages alone.
 */
const only = process.env.BENCH_WEB_ONLY?.split(',');
const SIGNIN_ONLY = only?.includes('signin') ?? false;
const base = `http://127.0.0.1:${PORT}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crewpay-bench-web-'));
fs.chmodSync(dataDir, 0o755);

// seed-org.ts reads the sandbox outbox, which answers only with the operator token.
process.env.OPERATOR_TOKEN ??= `bench-operator-${crypto.randomUUID()}`;
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

type Row = { figure: string; value: string; goal: string };

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
const ms = (value: number) => `${value.toFixed(0)} ms`;

/**
 * The signed-in pages a person opens most, each with its own content: Home's tiles with their
 * figures, and the first row of each list (not the sandbox strip, which paints first and is
 * each page's largest text, so its LCP).
 */
const signedInPages = [
  {
    key: 'home',
    path: '/',
    name: 'Home',
    content: 'section[aria-label="Total creators"]',
    contentText: String(SEEDED_CREATORS),
    shows: 'the tiles',
  },
  {
    key: 'creators',
    path: '/creators',
    name: '/creators',
    content: '[role=row]',
    contentText: 'creator.0@bench.example',
    shows: 'the first rows',
  },
  { key: 'payments', path: '/payments', name: '/payments', content: '[role=row]', contentText: 'First0 Last0', shows: 'the first rows' },
  { key: 'invoices', path: '/invoices', name: '/invoices', content: '[role=row]', contentText: 'Invoice0', shows: 'the first rows' },
] as const;

/** Goals of issue 35, for each signed-in page. */
const GOAL_CONTENT_MS = 1500;
const GOAL_JS_WIRE_KB = 250;
const GOAL_REQUESTS_BEFORE_CONTENT = 20;

/** The signed-in pages' figures, on the seeded organisation. */
async function measureSignedIn(browser: Browser, token: string): Promise<{ rows: Row[]; figures: Record<string, number> }> {
  const seeded = `${SEEDED_CREATORS.toLocaleString('en-US')} creators, ${SEEDED_PAYMENTS.toLocaleString('en-US')} payments, ${SEEDED_INVOICES.toLocaleString('en-US')} invoices`;
  const rows: Row[] = [];
  const figures: Record<string, number> = {};
  for (const page of signedInPages.filter((one) => !only || only.includes(one.key))) {
    const load = await measure(browser, base, { path: page.path, token, content: page.content, contentText: page.contentText });
    const signedInAt = page.key === 'home' ? ` (signed in, ${seeded})` : '';
    rows.push(
      { figure: `${page.name}${signedInAt}: ${page.shows} shown`, value: ms(load.contentMs), goal: `< ${GOAL_CONTENT_MS} ms` },
      { figure: `${page.name}: JS downloaded (compressed, as served)`, value: kb(load.wireBytes), goal: `<= ${GOAL_JS_WIRE_KB} KB` },
      {
        figure: `${page.name}: requests before ${page.shows}`,
        value: String(load.requestsBeforeContent),
        goal: `< ${GOAL_REQUESTS_BEFORE_CONTENT}`,
      },
      { figure: `${page.name}: JS files, uncompressed`, value: `${load.scripts} files, ${kb(load.bodyBytes)}`, goal: '' },
      { figure: `${page.name}: LCP (the sandbox strip)`, value: ms(load.lcpMs), goal: '' },
    );
    Object.assign(figures, {
      [`${page.key}_content_ms`]: Math.round(load.contentMs),
      [`${page.key}_js_wire_bytes`]: load.wireBytes,
      [`${page.key}_js_bytes`]: load.bodyBytes,
      [`${page.key}_js_files`]: load.scripts,
      [`${page.key}_requests_before_content`]: load.requestsBeforeContent,
      [`${page.key}_lcp_ms`]: Math.round(load.lcpMs),
    });
  }
  return { rows, figures };
}

/** The sign-in page as a first-time visitor meets it. */
async function measureSignIn(browser: Browser): Promise<{ rows: Row[]; figures: Record<string, number> }> {
  const signIn = await measure(browser, base, {
    path: '/signin',
    // The page is painted from its prerendered HTML; its button becomes the form's submit
    // button once React has hydrated it (sign-in-form.tsx): the form can be sent from then on.
    content: 'form button[type=submit]',
  });
  return {
    rows: [
      { figure: 'JS downloaded by /signin (compressed, as served)', value: kb(signIn.wireBytes), goal: '< 250 KB' },
      { figure: 'the same JS uncompressed', value: kb(signIn.bodyBytes), goal: '' },
      { figure: `LCP of /signin (median of ${RUNS}, Chromium, same machine)`, value: ms(signIn.lcpMs), goal: '< 500 ms' },
      { figure: '/signin: the form hydrated (can be sent)', value: ms(signIn.contentMs), goal: '' },
    ],
    figures: {
      signin_js_wire_bytes: signIn.wireBytes,
      signin_js_bytes: signIn.bodyBytes,
      signin_lcp_ms: Math.round(signIn.lcpMs),
      signin_hydrated_ms: Math.round(signIn.contentMs),
    },
  };
}

try {
  await waitForServer();
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
  try {
    const none = { rows: [], figures: {} };
    const signIn = !only || SIGNIN_ONLY ? await measureSignIn(browser) : none;
    const signedIn =
      only && only.every((key) => key === 'signin')
        ? none
        : await measureSignedIn(browser, (await seedOrg(base, `postgres://crewpay:crewpay@127.0.0.1:${PG_PORT}/postgres`)).token);
    console.table([...signIn.rows, ...signedIn.rows]);
    const resultsFile = path.resolve(import.meta.dirname, '../../bench-results.json');
    const previous = fs.existsSync(resultsFile) ? (JSON.parse(fs.readFileSync(resultsFile, 'utf8')) as Record<string, unknown>) : {};
    const web = { ...((previous.web ?? {}) as Record<string, number>), ...signIn.figures, ...signedIn.figures };
    fs.writeFileSync(resultsFile, JSON.stringify({ ...previous, web }, null, 2));
  } finally {
    await browser.close();
  }
} finally {
  // The server may have ended already (it failed to start): the error above is the one to see.
  if (server.pid) {
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {
      /* already gone */
    }
  }
}
