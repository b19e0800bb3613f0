import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';

/**
 * One clock for all sandbox time: real time plus an offset kept in the database, so every API
 * instance and worker reads the same time and POST /dev/clock/advance moves it for all of them.
 */
export async function sandboxNow(db: DbOrTx): Promise<Date> {
  const result = await db.execute<{ offset_ms: string }>(sql`SELECT offset_ms::text AS offset_ms FROM sandbox_clock WHERE id = 1`);
  return new Date(Date.now() + Number(result.rows[0]?.offset_ms ?? 0));
}

export async function advanceSandboxClock(db: DbOrTx, seconds: number): Promise<Date> {
  const result = await db.execute<{ offset_ms: string }>(sql`
    INSERT INTO sandbox_clock (id, offset_ms) VALUES (1, ${Math.round(seconds * 1000)})
    ON CONFLICT (id) DO UPDATE SET offset_ms = sandbox_clock.offset_ms + EXCLUDED.offset_ms
    RETURNING offset_ms::text AS offset_ms`);
  return new Date(Date.now() + Number(result.rows[0]?.offset_ms ?? 0));
}

export async function sandboxOffsetSeconds(db: DbOrTx): Promise<number> {
  const result = await db.execute<{ offset_ms: string }>(sql`SELECT offset_ms::text AS offset_ms FROM sandbox_clock WHERE id = 1`);
  return Math.round(Number(result.rows[0]?.offset_ms ?? 0) / 1000);
}
