// The proofs the fleet prints: read from the database the instances share, after the faults.
import { openDatabase } from '../../db/client.ts';
import { reconcileLedger } from '../../modules/ledger/index.ts';
import { crewpayKernel } from '../../wiring.ts';
import { createOutboxTransport } from '../../modules/email/index.ts';
import type { Fleet } from './cluster.ts';

type Counts = Record<string, number>;

const countBy = async (fleet: Fleet, text: string, values: unknown[]): Promise<Counts> => {
  const { rows } = await fleet.sql.query<{ key: string; count: string }>(text, values);
  return Object.fromEntries(rows.map((row) => [row.key, Number(row.count)]));
};

export const paymentStatuses = (fleet: Fleet, orgId: string) =>
  countBy(fleet, 'SELECT status AS key, count(*) FROM payments WHERE org_id = $1 GROUP BY 1', [orgId]);

export const transferTypes = (fleet: Fleet, orgId: string) =>
  countBy(fleet, 'SELECT type AS key, count(*) FROM ledger_transfers WHERE org_id = $1 GROUP BY 1', [orgId]);

/** Outcomes the sandbox provider sent for one object more than once (a payout paid twice, a charge settled twice). */
export async function providerDuplicates(fleet: Fleet, orgId: string): Promise<{ type: string; objects: number; events: number }[]> {
  const { rows } = await fleet.sql.query<{ type: string; objects: string; events: string }>(
    'SELECT type, count(DISTINCT object_id) AS objects, count(*) AS events FROM sandbox_events WHERE org_id = $1 GROUP BY 1',
    [orgId],
  );
  return rows.map((row) => ({ type: row.type, objects: Number(row.objects), events: Number(row.events) }));
}

/** Provider calls by status, and how many were made more than once (the killed worker's, retried after its lease). */
export async function providerCalls(fleet: Fleet): Promise<{ byStatus: Counts; retried: number }> {
  const byStatus = await countBy(fleet, 'SELECT status AS key, count(*) FROM provider_calls GROUP BY 1', []);
  const { rows } = await fleet.sql.query<{ count: string }>('SELECT count(*) FROM provider_calls WHERE attempts > 1');
  return { byStatus, retried: Number(rows[0]?.count ?? 0) };
}

export const emailStatuses = (fleet: Fleet) => countBy(fleet, 'SELECT status AS key, count(*) FROM emails GROUP BY 1', []);

/**
 * The scheduled (cron) jobs: how many minutes each queue was scheduled in, and the minutes in
 * which it was scheduled more than once (with four processes each running pg-boss's clock).
 */
export async function scheduledJobs(fleet: Fleet, queues: string[]): Promise<{ queue: string; minutes: number; repeated: number }[]> {
  const { rows } = await fleet.sql.query<{ queue: string; minutes: string; repeated: string }>(
    `SELECT name AS queue, count(*) AS minutes, count(*) FILTER (WHERE jobs > 1) AS repeated FROM (
       SELECT name, date_trunc('minute', created_on) AS minute, count(*) AS jobs
       FROM (SELECT name, created_on, data FROM pgboss.job UNION ALL SELECT name, created_on, data FROM pgboss.archive) AS all_jobs
       WHERE name = ANY($1) AND data IS NULL GROUP BY 1, 2) AS per_minute
     GROUP BY 1 ORDER BY 1`,
    [queues],
  );
  return rows.map((row) => ({ queue: row.queue, minutes: Number(row.minutes), repeated: Number(row.repeated) }));
}

/** Jobs of every queue by state (failed ones are the point: none must fail for good). */
export const jobStates = (fleet: Fleet) =>
  countBy(
    fleet,
    `SELECT state AS key, count(*) FROM (SELECT state FROM pgboss.job UNION ALL SELECT state FROM pgboss.archive) AS all_jobs GROUP BY 1`,
    [],
  );

/** Invoices paid, charges that succeeded, and settlement transfers: one each per invoice. */
export async function invoiceOutcomes(fleet: Fleet, orgId: string, invoiceIds: string[]) {
  const { rows } = await fleet.sql.query<{ paid: string; charges: string; settled: string }>(
    `SELECT
       (SELECT count(*) FROM invoices WHERE org_id = $1 AND id = ANY($2) AND status = 'succeeded') AS paid,
       (SELECT count(*) FROM charges WHERE org_id = $1 AND invoice_id = ANY($2) AND status = 'succeeded') AS charges,
       (SELECT count(*) FROM ledger_transfers WHERE org_id = $1 AND type = 'invoice_card_settled') AS settled`,
    [orgId, invoiceIds],
  );
  const row = rows[0]!;
  return { invoices: invoiceIds.length, paid: Number(row.paid), charges: Number(row.charges), settled: Number(row.settled) };
}

/** `npm run reconcile`'s checks, in process over the fleet's database: every transfer balanced, balances equal their entries, payments match transfers, the outbox known. */
export async function reconcile(fleet: Fleet): Promise<{ transfers: number; entries: number; problems: unknown[] }> {
  const database = openDatabase(fleet.databaseUrl, { max: 2 });
  try {
    const report = await reconcileLedger({ db: database.db, kernel: crewpayKernel({ email: createOutboxTransport() }) });
    return { transfers: report.transfers, entries: report.entries, problems: report.problems };
  } finally {
    await database.close();
  }
}
