import path from 'node:path';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded.ts';
import { runMigrations } from './db/migrate.ts';
import { createPgBossJobs } from './jobs/jobs.ts';
import { createSecretBox, resolveSecretsKey } from './lib/secrets.ts';
import { registerEmailJobs, resendStaleEmails } from './modules/email/jobs.ts';
import { registerBankingJobs } from './modules/treasury/jobs.ts';
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
  const jobs = await createPgBossJobs({ url: databaseUrl, runWorkers: config.runWorkers, onError: (error) => console.error('[jobs]', error) });
  const transport = config.smtpUrl ? createSmtpTransport(config.smtpUrl, config.mailFrom) : createOutboxTransport();
  await registerEmailJobs({ db: database.db, jobs, transport });
  await registerBankingJobs({ db: database.db, jobs });

  const deps = { config, db: database.db, jobs, secrets };
  const app = await buildApp(deps, { logger: { level: config.logLevel } });
  await app.listen({ port: config.port, host: config.host });
  await resendStaleEmails(database.db, jobs);
  await processDueEvents(database.db);
  console.log(`Crewpay is running at ${config.publicUrl} (sandbox ${config.isSandbox ? 'on' : 'off'})`);

  let isStopping = false;
  const stop = async (signal: string) => {
    if (isStopping) return;
    isStopping = true;
    console.log(`\n${signal}: stopping Crewpay ...`);
    await app.close();
    await jobs.stop();
    await database.close();
    // A clean shutdown of PostgreSQL: the next start finds the data as it was.
    await embedded?.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
