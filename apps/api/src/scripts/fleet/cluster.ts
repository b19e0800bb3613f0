// The fleet of `npm run fleet` and `npm run soak`: one PostgreSQL, an S3-compatible bucket
// (s3rver), two API instances (RUN_WORKERS=false), two workers and HAProxy in front, each a
// process of its own on loopback ports, started and stopped here; instances can be killed
// (SIGKILL) and started again, PostgreSQL restarted under them.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import S3rver from 's3rver';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../db/embedded.ts';
import { API_ROOT } from '../../paths.ts';
import { ensureHaproxy, haproxyConfig } from './haproxy.ts';
import { startRelay, type Relay } from './relay.ts';

type FleetPorts = { balancer: number; apis: [number, number]; bucket: number; postgres: number };

/** 4400-4499 and 54400 by default (FLEET_PORT, FLEET_PG_PORT move them). */
function fleetPorts(env: NodeJS.ProcessEnv = process.env): FleetPorts {
  const base = Number(env.FLEET_PORT ?? 4400);
  return { balancer: base, apis: [base + 1, base + 2], bucket: base + 10, postgres: Number(env.FLEET_PG_PORT ?? 54400) };
}

type Member = { name: string; role: 'api' | 'worker'; port?: number; child?: ChildProcess; log: string };

export type Fleet = {
  base: string;
  apiBases: [string, string];
  runDir: string;
  env: Record<string, string>;
  secretsKey: string;
  operatorToken: string;
  databaseUrl: string;
  /** The harness's own connection, for setting up and for the proofs. */
  sql: pg.Pool;
  kill(name: string): void;
  start(name: string): Promise<void>;
  restartPostgres(downMs: number): Promise<void>;
  /** The relay between the instances and the bucket: made slow, the bucket hangs. */
  bucketRelay: Relay;
  /** Every member's pid (for memory samples). */
  pids(): Record<string, number | undefined>;
  stop(): Promise<void>;
};

const waitFor = async (what: string, check: () => Promise<boolean>, timeoutMs = 60_000) => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${what} did not come up within ${timeoutMs / 1000} s`);
};

const answers = async (url: string) => (await fetch(url, { signal: AbortSignal.timeout(2_000) })).ok;

export async function startFleet(options: { env?: Record<string, string> } = {}): Promise<Fleet> {
  const ports = fleetPorts();
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crewpay-fleet-'));
  fs.chmodSync(runDir, 0o755);
  console.log(
    `Fleet in ${runDir} (logs there): balancer :${ports.balancer}, APIs :${ports.apis.join(', :')}, PostgreSQL :${ports.postgres}`,
  );
  const haproxy = ensureHaproxy();
  const build = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: API_ROOT, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('The API build failed');

  const databaseDir = path.join(runDir, 'postgres');
  let postgres: EmbeddedDatabase | undefined = await startEmbeddedPostgres({ databaseDir, port: ports.postgres });
  const admin = new pg.Client({ connectionString: postgres.url });
  await admin.connect();
  await admin.query('CREATE DATABASE crewpay_fleet');
  await admin.end();
  const databaseUrl = postgres.url.replace(/\/postgres$/, '/crewpay_fleet');

  const bucketDir = path.join(runDir, 'bucket');
  fs.mkdirSync(bucketDir);
  const bucket = new S3rver({
    port: ports.bucket,
    address: '127.0.0.1',
    directory: bucketDir,
    silent: true,
    configureBuckets: [{ name: 'fleet' }],
  });
  await bucket.run();
  const bucketRelay = await startRelay({ port: ports.bucket + 1, target: ports.bucket });

  const secretsKey = randomBytes(32).toString('hex');
  const operatorToken = randomBytes(24).toString('base64url');
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    DATABASE_URL: databaseUrl,
    SECRETS_KEY: secretsKey,
    OPERATOR_TOKEN: operatorToken,
    PUBLIC_URL: `http://127.0.0.1:${ports.balancer}`,
    TRUST_PROXY: 'true',
    RUN_WORKERS: 'false',
    LOG_LEVEL: 'warn',
    SANDBOX_ACH_DELAY_SECONDS: '5',
    RATE_LIMIT_SIGNED_IN_MAX: '100000000',
    RATE_LIMIT_ANONYMOUS_MAX: '100000000',
    STORAGE_URL: 's3://fleet/files',
    STORAGE_ENDPOINT: `http://127.0.0.1:${bucketRelay.port}`,
    // A hanging bucket fails an upload in three tries of 3 s (the slow-provider fault).
    STORAGE_TIMEOUT_SECONDS: '3',
    STORAGE_ACCESS_KEY_ID: 'S3RVER',
    STORAGE_SECRET_ACCESS_KEY: 'S3RVER',
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    // For looking into a member (FLEET_NODE_OPTIONS='--heapsnapshot-signal=SIGUSR2 --diagnostic-dir=...').
    ...(process.env.FLEET_NODE_OPTIONS ? { NODE_OPTIONS: process.env.FLEET_NODE_OPTIONS } : {}),
    ...options.env,
  };

  const members: Member[] = [
    { name: 'api-1', role: 'api', port: ports.apis[0], log: path.join(runDir, 'api-1.log') },
    { name: 'api-2', role: 'api', port: ports.apis[1], log: path.join(runDir, 'api-2.log') },
    { name: 'worker-1', role: 'worker', log: path.join(runDir, 'worker-1.log') },
    { name: 'worker-2', role: 'worker', log: path.join(runDir, 'worker-2.log') },
  ];
  const member = (name: string) => {
    const found = members.find((candidate) => candidate.name === name);
    if (!found) throw new Error(`No fleet member ${name}`);
    return found;
  };
  const start = async (name: string) => {
    const target = member(name);
    const out = fs.openSync(target.log, 'a');
    const entry = target.role === 'api' ? 'dist/server.js' : 'dist/worker.js';
    target.child = spawn(process.execPath, ['--enable-source-maps', '--import', './dist/tracing.js', entry], {
      cwd: API_ROOT,
      env: { ...env, ...(target.port ? { PORT: String(target.port) } : {}) },
      stdio: ['ignore', out, out],
    });
    fs.closeSync(out);
    if (target.port) await waitFor(`${name} (:${target.port})`, () => answers(`http://127.0.0.1:${target.port}/ready`));
    else await waitFor(name, async () => fs.readFileSync(target.log, 'utf8').includes('Crewpay worker is running'));
  };
  // The first start migrates; the others then find the database ready.
  await start('api-1');
  await Promise.all(['api-2', 'worker-1', 'worker-2'].map(start));

  const haproxyFile = path.join(runDir, 'haproxy.cfg');
  fs.writeFileSync(haproxyFile, haproxyConfig({ balancer: ports.balancer, apis: ports.apis }));
  const haproxyLog = fs.openSync(path.join(runDir, 'haproxy.log'), 'a');
  const balancer = spawn(haproxy, ['-f', haproxyFile, '-db'], { stdio: ['ignore', haproxyLog, haproxyLog] });
  fs.closeSync(haproxyLog);
  const base = `http://127.0.0.1:${ports.balancer}`;
  await waitFor('HAProxy', () => answers(`${base}/ready`));

  const sql = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  sql.on('error', () => undefined);
  const fleet: Fleet = {
    base,
    apiBases: [`http://127.0.0.1:${ports.apis[0]}`, `http://127.0.0.1:${ports.apis[1]}`],
    runDir,
    env,
    secretsKey,
    operatorToken,
    databaseUrl,
    sql,
    bucketRelay,
    kill(name) {
      const target = member(name);
      target.child?.kill('SIGKILL');
      target.child = undefined;
    },
    start,
    async restartPostgres(downMs) {
      // A fast shutdown, as a managed database's failover or restart ends every session.
      await postgres?.stop();
      postgres = undefined;
      await new Promise((resolve) => setTimeout(resolve, downMs));
      postgres = await startEmbeddedPostgres({ databaseDir, port: ports.postgres });
    },
    // A member that died on its own (exited) has no pid: a crash shows as a change here.
    pids: () => Object.fromEntries(members.map((item) => [item.name, item.child?.exitCode === null ? item.child.pid : undefined])),
    async stop() {
      balancer.kill('SIGTERM');
      await Promise.all(
        members.map(
          (item) =>
            new Promise<void>((resolve) => {
              if (!item.child || item.child.exitCode !== null) return resolve();
              item.child.once('exit', () => resolve());
              item.child.kill('SIGTERM');
            }),
        ),
      );
      await sql.end().catch(() => undefined);
      await bucketRelay.close();
      await bucket.close();
      await postgres?.stop();
      if (!process.env.FLEET_KEEP) fs.rmSync(runDir, { recursive: true, force: true });
    },
  };
  return fleet;
}
