// The browser's side of `npm run bench`: what /signin costs a first-time visitor in Chromium.
// Starts the production server (npm run start -w apps/api) on its own data folder and ports, then
// loads /signin with an empty cache and reports the JavaScript it downloaded (bytes on the wire,
// compressed, and uncompressed) and the Largest Contentful Paint. Figures, not assertions.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';

const PORT = Number(process.env.BENCH_WEB_PORT ?? 3990);
const PG_PORT = Number(process.env.BENCH_WEB_PG_PORT ?? 54990);
const RUNS = 5;
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
    const answer = await fetch(`http://127.0.0.1:${PORT}/health`).catch(() => undefined);
    if (answer?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('The server did not start');
}

type Load = { wireBytes: number; bodyBytes: number; lcpMs: number };

async function loadSignIn(): Promise<Load> {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage();
    const session = await page.context().newCDPSession(page);
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
    await page.goto(`http://127.0.0.1:${PORT}/signin`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Sign in' }).first().waitFor();
    const lcpMs = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          new PerformanceObserver((list) => {
            const entries = list.getEntries();
            resolve(entries[entries.length - 1]!.startTime);
          }).observe({ type: 'largest-contentful-paint', buffered: true });
        }),
    );
    return { wireBytes, bodyBytes, lcpMs };
  } finally {
    await browser.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

try {
  await waitForServer();
  await loadSignIn(); // the first load warms the server's file cache
  const loads: Load[] = [];
  for (let run = 0; run < RUNS; run += 1) loads.push(await loadSignIn());
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
  const wire = median(loads.map((load) => load.wireBytes));
  const body = median(loads.map((load) => load.bodyBytes));
  const lcp = median(loads.map((load) => load.lcpMs));
  console.table([
    { figure: 'JS downloaded by /signin (on the wire, compressed)', value: kb(wire), goal: '< 250 KB' },
    { figure: 'the same JS uncompressed', value: kb(body), goal: '' },
    { figure: `LCP of /signin (median of ${RUNS}, Chromium, same machine)`, value: `${lcp.toFixed(0)} ms`, goal: '< 500 ms' },
  ]);
  const resultsFile = path.resolve(import.meta.dirname, '../../bench-results.json');
  const previous = fs.existsSync(resultsFile) ? (JSON.parse(fs.readFileSync(resultsFile, 'utf8')) as Record<string, unknown>) : {};
  fs.writeFileSync(
    resultsFile,
    JSON.stringify({ ...previous, web: { signin_js_wire_bytes: wire, signin_js_bytes: body, signin_lcp_ms: Math.round(lcp) } }, null, 2),
  );
} finally {
  if (server.pid) process.kill(-server.pid, 'SIGTERM');
}
