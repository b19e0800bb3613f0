// npm run docs:security: writes docs/security.md's tables of money acts from the routes' policies
// (plugins/route-policy-docs.ts). The app is built, never started: no database is reached.
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { createInlineJobs } from '../jobs/jobs.ts';
import { createSecretBox } from '../lib/secrets.ts';
import { crewpayKernel } from '../wiring.ts';
import { createOutboxTransport } from '../modules/email/index.ts';
import { renderSecurityTables, withSecurityTables } from '../plugins/route-policy-docs.ts';

const SECURITY_DOC = path.resolve(import.meta.dirname, '../../../../docs/security.md');

async function main(): Promise<void> {
  const config = loadConfig({ DATA_DIR: '/tmp/crewpay-docs-unused', PUBLIC_URL: 'http://crewpay.test', LOG_LEVEL: 'silent' });
  // Never connected to: building the app declares its routes without a query.
  const database = openDatabase('postgres://docs:docs@127.0.0.1:1/none', { max: 1 });
  const app = await buildApp({
    config,
    db: database.db,
    jobs: createInlineJobs(),
    secrets: createSecretBox(randomBytes(32).toString('hex')),
    kernel: crewpayKernel({ email: createOutboxTransport() }),
  });
  const document = fs.readFileSync(SECURITY_DOC, 'utf8');
  fs.writeFileSync(SECURITY_DOC, withSecurityTables(document, renderSecurityTables(app.routePolicies())));
  await database.close();
  console.log(`Wrote the route policy tables of ${path.relative(process.cwd(), SECURITY_DOC)}`);
}

await main();
