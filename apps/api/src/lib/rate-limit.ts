import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { AppError } from './errors.ts';

type RateLimit = { name: string; max: number; windowSeconds: number };

export const rateLimits = {
  // Sign-in counts failures only (modules/auth/throttle.ts): an office signing in is never blocked.
  signInFailuresPerIp: { name: 'signin:ip-failures', max: 200, windowSeconds: 60 * 60 },
  signInFailuresPerAccount: { name: 'signin:account-failures', max: 50, windowSeconds: 60 * 60 },
  // A browser holding a device cookie is counted on its own, not with its address (shared offices).
  signInFailuresPerDevice: { name: 'signin:device-failures', max: 10, windowSeconds: 60 * 60 },
  // New device cookies an address is given: a client that drops its cookie cannot mint devices without end.
  signInDevicesPerIp: { name: 'signin:new-devices', max: 20, windowSeconds: 60 * 60 },
  // Each sign-up emails the address: no more than a few emails an hour to one inbox.
  signUpPerEmail: { name: 'signup:email', max: 5, windowSeconds: 60 * 60 },
  // ... and a day, whatever the IPs: an inbox is not flooded by many addresses taking turns.
  signUpPerEmailDay: { name: 'signup:email-day', max: 10, windowSeconds: 24 * 60 * 60 },
  // Sign-ups from one IP, whatever the addresses (max from RATE_LIMIT_SIGN_UPS_PER_IP): no spraying emails.
  signUpPerIp: { name: 'signup:ip', max: 20, windowSeconds: 60 * 60 },
  // Each attempt checks the password: a stolen session cannot guess it here either.
  emailChangePerUser: { name: 'email-change:user', max: 10, windowSeconds: 60 * 60 },
  resetPerEmail: { name: 'reset:email', max: 5, windowSeconds: 60 * 60 },
  resetPerEmailDay: { name: 'reset:email-day', max: 10, windowSeconds: 24 * 60 * 60 },
  resetPerIp: { name: 'reset:ip', max: 30, windowSeconds: 60 * 60 },
  // A signed-in session's two-factor codes (set-up, re-verify): a stolen session cannot guess one.
  twoFactorCodePerUser: { name: 'two-factor:user', max: 10, windowSeconds: 15 * 60 },
} satisfies Record<string, RateLimit>;

export const RATE_LIMITED_MESSAGE = 'Too many attempts, please try again later';

/** A window's count after this request, and the seconds until the window starts over. */
export type WindowCount = { count: number; retry_after_seconds: number };

/**
 * Counts one request against a fixed window kept in Postgres (shared by every API instance), in
 * one statement: the upsert starts a new window when the old one has run out. The table is
 * UNLOGGED (a custom migration): counters need no crash safety, and no WAL flush per request.
 */
export async function countInWindow(db: DbOrTx, key: string, windowSeconds: number): Promise<WindowCount> {
  const result = await db.execute<{ count: number; retry_after_seconds: number }>(
    windowUpsertSql(sql`VALUES (${key}, now(), 1)`, sql`${`${windowSeconds} seconds`}::interval`),
  );
  const row = result.rows[0];
  return { count: Number(row?.count ?? 0), retry_after_seconds: Number(row?.retry_after_seconds ?? windowSeconds) };
}

/** Adds `calls` to a window at once (a batch of analytics events counts as its events); answers the count after them. */
export async function countManyInWindow(db: DbOrTx, key: string, windowSeconds: number, calls: number): Promise<number> {
  const result = await db.execute<{ count: number }>(
    windowUpsertSql(sql`VALUES (${key}, now(), ${calls}::int)`, sql`${`${windowSeconds} seconds`}::interval`),
  );
  return Number(result.rows[0]?.count ?? 0);
}

/**
 * The window rule, written once: each of `rows` (key, now(), calls: a VALUES or a SELECT, one row
 * per key) adds its calls to its key's window, or starts a new window when the old one has run
 * out, RETURNING key, count and retry_after_seconds. `interval` is an SQL interval ('60 seconds').
 */
export function windowUpsertSql(rows: SQL, interval: SQL): SQL {
  const expired = sql`rate_limit_buckets.window_started_at <= now() - ${interval}`;
  return sql`
    INSERT INTO rate_limit_buckets (key, window_started_at, count) ${rows}
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN ${expired} THEN excluded.count ELSE rate_limit_buckets.count + excluded.count END,
      window_started_at = CASE WHEN ${expired} THEN now() ELSE rate_limit_buckets.window_started_at END
    RETURNING key, count, greatest(1, ceil(extract(epoch from window_started_at + ${interval} - now())))::int AS retry_after_seconds`;
}

/** A window's count so far, without counting this request (0 once the window has run out). */
export async function windowCount(db: DbOrTx, limit: RateLimit, subject: string): Promise<number> {
  const result = await db.execute<{ count: number }>(sql`
    SELECT count FROM rate_limit_buckets
    WHERE key = ${`${limit.name}:${subject}`} AND window_started_at > now() - ${`${limit.windowSeconds} seconds`}::interval`);
  return Number(result.rows[0]?.count ?? 0);
}

/** Counts one attempt and refuses once the window's count passes the limit. */
export async function consumeRateLimit(db: DbOrTx, limit: RateLimit, subject: string): Promise<void> {
  const { count } = await countInWindow(db, `${limit.name}:${subject}`, limit.windowSeconds);
  if (count > limit.max) throw new AppError('rate_limited', RATE_LIMITED_MESSAGE);
}

/** Forgets windows that ended long ago (the longest window above is a day), sign-in back-offs and second-factor counts quiet for a day. */
export async function sweepRateLimits(db: DbOrTx): Promise<void> {
  await db.execute(sql`DELETE FROM rate_limit_buckets WHERE window_started_at < now() - interval '1 day'`);
  await db.execute(sql`DELETE FROM sign_in_backoffs WHERE last_failed_at < now() - interval '1 day'`);
  // Second-factor counts quiet for a day and past their lock (a lock lasts at most a day).
  await db.execute(sql`DELETE FROM second_factor_locks
    WHERE window_started_at < now() - interval '1 day' AND (locked_until IS NULL OR locked_until < now() - interval '1 day')`);
}
