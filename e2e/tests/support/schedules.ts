import { randomUUID } from 'node:crypto';
import pg from 'pg';

const databaseUrl = () => `postgres://crewpay:crewpay@127.0.0.1:${process.env.EMBEDDED_PG_PORT ?? '54339'}/postgres`;

/**
 * What a scheduled run writes when its payment waits for its contract (schedule-runs.ts, API-tested
 * there), written at once: reaching the date would move the shared sandbox clock, the clock specs' business.
 */
export async function recordWaitingRun(paymentId: string, reason: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  try {
    const ended = await client.query<{ id: string }>(
      `UPDATE payment_schedules SET status = 'ended', period = 1 WHERE payment_id = $1 AND status = 'active' RETURNING id`,
      [paymentId],
    );
    await client.query(
      `INSERT INTO payment_schedule_runs (id, schedule_id, period, payment_id, outcome, reason) VALUES ($1, $2, 0, $3, 'waiting', $4)`,
      [randomUUID(), ended.rows[0]!.id, paymentId, reason],
    );
    await client.query(`UPDATE payment_gates SET execute_on_release = true WHERE payment_id = $1`, [paymentId]);
  } finally {
    await client.end();
  }
}
