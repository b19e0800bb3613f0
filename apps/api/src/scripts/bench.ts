import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../db/client.ts';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../db/embedded.ts';
import { runMigrations } from '../db/migrate.ts';
import { orgs } from '../db/schema/index.ts';
import { newId } from '../lib/ids.ts';
import { ensureLedgerAccounts, postTransfer, reconcileLedger } from '../modules/ledger/index.ts';
import { crewpayKernel } from '../wiring.ts';
import { createOutboxTransport } from '../modules/email/index.ts';
import { reportFigures } from './support/results.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const WORKERS = Number(process.env.BENCH_WORKERS ?? 4);

type Loop = (worker: number) => Promise<void>;
type Tally = { count: number; ms: number };

/** Runs `once` on WORKERS parallel loops for `ms` milliseconds and adds the transfers done and the time taken to `tally`. */
async function runFor(once: Loop, ms: number, tally: Tally): Promise<void> {
  const started = Date.now();
  const deadline = started + ms;
  const counts = await Promise.all(
    Array.from({ length: WORKERS }, async (_, worker) => {
      let count = 0;
      for (; Date.now() < deadline; count++) await once(worker);
      return count;
    }),
  );
  tally.count += counts.reduce((a, b) => a + b, 0);
  tally.ms += Date.now() - started;
}

/**
 * Answers each side's transfers per second. The machine is shared, so the two sides take turns in
 * one-second rounds (SECONDS rounds each, after an untimed half-second warm-up of each): a burst of
 * load from elsewhere falls on both sides alike instead of on whichever side ran during it.
 */
async function measureInTurns(ledger: Loop, plain: Loop): Promise<{ ledger: number; plain: number }> {
  await runFor(ledger, 500, { count: 0, ms: 0 });
  await runFor(plain, 500, { count: 0, ms: 0 });
  const tallies = { ledger: { count: 0, ms: 0 }, plain: { count: 0, ms: 0 } };
  for (let round = 0; round < SECONDS; round++) {
    await runFor(ledger, 1000, tallies.ledger);
    await runFor(plain, 1000, tallies.plain);
  }
  const perSecond = (tally: Tally) => tally.count / (tally.ms / 1000);
  return { ledger: perSecond(tallies.ledger), plain: perSecond(tallies.plain) };
}

/** One transfer through the ledger, as the application posts one: postTransfer in a transaction. */
async function ledgerLoop(database: Database): Promise<Loop> {
  // One organisation per worker, so the loops measure the posting, not waiting on each other's locks.
  const workers = await Promise.all(
    Array.from({ length: WORKERS }, async () => {
      const orgId = newId();
      await database.db.insert(orgs).values({ id: orgId, name: 'Bench' });
      return { orgId, accounts: await ensureLedgerAccounts(database.db, orgId), posted: 0 };
    }),
  );
  return async (worker) => {
    const state = workers[worker]!;
    await database.db.transaction((tx) =>
      postTransfer(tx, {
        org_id: state.orgId,
        key: `bench-${state.posted++}`,
        type: 'bench',
        entries: [
          { account_id: state.accounts.outside_bank.id, amount: -100 },
          { account_id: state.accounts.wallet_available.id, amount: 100 },
        ],
      }),
    );
  };
}

/** The same double-entry movement by hand: two balance updates and one insert, in a transaction. */
async function plainSqlLoop(pool: pg.Pool): Promise<Loop> {
  await pool.query(
    'CREATE TABLE bench_accounts (id int PRIMARY KEY, allow_negative boolean NOT NULL, balance bigint NOT NULL, CHECK (allow_negative OR balance >= 0))',
  );
  await pool.query(
    'CREATE TABLE bench_transfers (id bigserial PRIMARY KEY, from_id int NOT NULL, to_id int NOT NULL, amount bigint NOT NULL)',
  );
  await pool.query(`INSERT INTO bench_accounts SELECT g, g % 2 = 1, 0 FROM generate_series(1, ${WORKERS * 2}) g`);
  return async (worker) => {
    const from = worker * 2 + 1;
    const to = worker * 2 + 2;
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('UPDATE bench_accounts SET balance = balance - 100 WHERE id = $1', [from]);
      await client.query('UPDATE bench_accounts SET balance = balance + 100 WHERE id = $1', [to]);
      await client.query('INSERT INTO bench_transfers (from_id, to_id, amount) VALUES ($1, $2, 100)', [from, to]);
      await client.query('COMMIT');
    } finally {
      client.release();
    }
  };
}

async function main(): Promise<void> {
  let embedded: EmbeddedDatabase | undefined;
  let dataDir: string | undefined;
  let url = process.env.DATABASE_URL;
  if (!url) {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crewpay-bench-'));
    fs.chmodSync(dataDir, 0o755);
    embedded = await startEmbeddedPostgres({ databaseDir: path.join(dataDir, 'postgres'), port: 56000 + Math.floor(Math.random() * 2000) });
    url = embedded.url;
  }
  const database = openDatabase(url, { max: WORKERS + 1 });
  try {
    await runMigrations(database);
    await database.db.execute(sql`DROP TABLE IF EXISTS bench_accounts, bench_transfers`);
    console.log(`Benchmark: ${WORKERS} parallel loops, ${SECONDS} one-second rounds of each side in turn, one PostgreSQL.`);
    const { ledger, plain } = await measureInTurns(await ledgerLoop(database), await plainSqlLoop(database.pool));
    // The books' reconciliation runs every module's check.
    const report = await reconcileLedger({ db: database.db, kernel: crewpayKernel({ email: createOutboxTransport() }) });
    reportFigures(
      'ledger',
      [
        { figure: 'ledger postTransfer', value: `${ledger.toFixed(0)} transfers/s`, goal: '' },
        { figure: 'the same write in plain SQL, same run', value: `${plain.toFixed(0)} transfers/s`, goal: '' },
        { figure: 'ledger postTransfer vs the same write in plain SQL', value: (ledger / plain).toFixed(2), goal: '>= 0.8' },
      ],
      { ledger_tps: ledger, plain_tps: plain, ratio: ledger / plain },
    );
    console.log(
      `reconciliation      : ${report.problems.length === 0 ? 'ok' : `${report.problems.length} problem(s)`} over ${report.transfers} transfers`,
    );
    await database.db.execute(sql`DROP TABLE IF EXISTS bench_accounts, bench_transfers`);
  } finally {
    await database.close();
    await embedded?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
