import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { countManyInWindow } from '../../lib/rate-limit.ts';

/**
 * Anyone may send analytics, signed in or not (docs/security.md, Anonymous rows): events kept per
 * address an hour and from everyone a day, and how long they are kept. Mutable for the tests.
 */
export const analyticsCaps = { perIpPerHour: 1_000, perDay: 200_000, retentionDays: 400 };

/** Deletes the events older than the retention (the daily job); answers how many went. */
export async function purgeOldAnalytics(db: DbOrTx): Promise<number> {
  const result = await db.execute(
    sql`DELETE FROM analytics_events WHERE created_at < now() - make_interval(days => ${analyticsCaps.retentionDays}::int)`,
  );
  return result.rowCount ?? 0;
}

/**
 * Whether a batch of `events` from `ip` may be kept: counted against the address's hour, and, when
 * within it, against everyone's day. Past either, the batch is dropped and the sender told nothing
 * (the answer is the same 204), so the table grows by at most the daily ceiling.
 */
export async function withinAnalyticsCaps(db: DbOrTx, ip: string, events: number): Promise<boolean> {
  if ((await countManyInWindow(db, `analytics:ip:${ip}`, 60 * 60, events)) > analyticsCaps.perIpPerHour) return false;
  return (await countManyInWindow(db, 'analytics:all', 24 * 60 * 60, events)) <= analyticsCaps.perDay;
}
