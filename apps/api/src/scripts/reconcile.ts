import path from 'node:path';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../db/embedded.ts';
import { runMigrations } from '../db/migrate.ts';
import { reconcileLedger } from '../modules/ledger/index.ts';
import { providerCheck, type ProviderProblem } from '../modules/provider-sync/index.ts';
import { createSecretBox, resolveSecretsKey } from '../lib/secrets.ts';
import { crewpayKernel } from '../wiring.ts';
import { createOutboxTransport } from '../modules/email/index.ts';

/** `npm run reconcile`: checks the books of the configured database (the embedded one by default). */
async function main(): Promise<void> {
  const config = loadConfig();
  let embedded: EmbeddedDatabase | undefined;
  let url = config.databaseUrl;
  if (!url) {
    embedded = await startEmbeddedPostgres({ databaseDir: path.join(config.dataDir, 'postgres'), port: config.embeddedPgPort });
    url = embedded.url;
  }
  const database = openDatabase(url, { max: 2 });
  try {
    await runMigrations(database);
    // The books' checks the modules declare; nothing is sent, so the outbox transport does.
    const kernel = crewpayKernel({ email: createOutboxTransport() });
    const report = await reconcileLedger({ db: database.db, kernel });
    console.log(
      `Checked ${report.transfers} transfers, ${report.entries} entries, ${report.accounts} accounts, ${report.payments} executed payments.`,
    );
    for (const problem of report.problems) console.error('PROBLEM', JSON.stringify(problem));
    // Outside the sandbox: every wallet against its financial account at the provider (read only, never corrected).
    const secrets = createSecretBox(resolveSecretsKey(config.secretsKey, config.dataDir));
    const provider = await providerCheck({ config, db: database.db, secrets, kernel });
    if (!config.isSandbox) console.log(`Checked ${provider.checked} wallets against the provider.`);
    for (const problem of provider.problems) console.error('PROVIDER PROBLEM', JSON.stringify(problem satisfies ProviderProblem));
    const total = report.problems.length + provider.problems.length;
    console.log(total === 0 ? 'The ledger reconciles.' : `${total} problem(s) found.`);
    process.exitCode = total === 0 ? 0 : 1;
  } finally {
    await database.close();
    await embedded?.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
