import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inspectPostmaster } from './db/stale-postmaster.ts';

const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crewpay-start-test-'));
fs.chmodSync(dataDir, 0o755);
/** A port nothing listens on now (the kernel picks it), so the test never collides with another program. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
let port = 0;
let pgPort = 0;
const started: ChildProcess[] = [];

// The server as `npm start` runs it: the bundle in dist/ on plain node (no tsx), in one process,
// so kill -9 hits the server itself.
beforeAll(() => {
  execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: API_DIR, stdio: 'pipe' });
});

function startServer(extraEnv: Record<string, string> = {}): { child: ChildProcess; output: () => string } {
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const child = spawn(process.execPath, ['--enable-source-maps', 'dist/server.js'], {
    cwd: API_DIR,
    env: {
      ...env,
      DATA_DIR: dataDir,
      PORT: String(port),
      EMBEDDED_PG_PORT: String(pgPort),
      LOG_LEVEL: 'warn',
      INIT_CWD: API_DIR,
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  started.push(child);
  return { child, output: () => output };
}

async function waitUntilAnswering(server: { child: ChildProcess; output: () => string }): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`the server exited (${server.child.exitCode}):\n${server.output()}`);
    const answer = await fetch(`http://127.0.0.1:${port}/health`).catch(() => undefined);
    if (answer?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server did not answer in time:\n${server.output()}`);
}

function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

afterAll(async () => {
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  await Promise.all(started.map(exited));
  const left = inspectPostmaster(path.join(dataDir, 'postgres'));
  if (left.kind === 'orphan' || left.kind === 'owned') process.kill(left.pid, 'SIGINT');
  fs.rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

describe('npm start after kill -9', () => {
  it('stops the PostgreSQL the killed server left running, starts again, and stops cleanly', async () => {
    port = await freePort();
    pgPort = await freePort();
    const first = startServer();
    await waitUntilAnswering(first);
    first.child.kill('SIGKILL');
    await exited(first.child);
    expect(inspectPostmaster(path.join(dataDir, 'postgres')).kind).toBe('orphan');

    const second = startServer();
    await waitUntilAnswering(second);
    expect(second.output()).toContain('left running by an earlier Crewpay');
    expect(second.output()).not.toContain('undefined');

    second.child.kill('SIGTERM');
    expect(await exited(second.child)).toBe(0);
    expect(inspectPostmaster(path.join(dataDir, 'postgres')).kind).toBe('none');
  }, 300_000);
});

describe('npm start with SANDBOX=false', () => {
  it('refuses to start, naming every missing provider variable and never echoing a key', async () => {
    port = await freePort();
    pgPort = await freePort();
    const server = startServer({ SANDBOX: 'false', STRIPE_SECRET_KEY: 'sk_live_only_this_one' });
    expect(await exited(server.child)).not.toBe(0);
    const output = server.output();
    for (const name of [
      'STRIPE_WEBHOOK_SECRET',
      'STRIPE_CONNECT_WEBHOOK_SECRET',
      'STRIPE_PUBLISHABLE_KEY',
      'PAYPAL_CLIENT_ID',
      'PAYPAL_CLIENT_SECRET',
      'PAYPAL_WEBHOOK_ID',
      'SMS_ACCOUNT_SID',
      'SMS_AUTH_TOKEN',
      'SMS_FROM',
      'SMTP_URL',
    ])
      expect(output).toContain(`${name} is not set`);
    expect(output).not.toContain('STRIPE_SECRET_KEY is not set');
    expect(output).not.toContain('sk_live_only_this_one');
    expect(output).toContain('Crewpay could not start.');
  }, 120_000);
});
