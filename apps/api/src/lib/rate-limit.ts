import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { AppError } from './errors.ts';

export type RateLimit = { name: string; max: number; windowSeconds: number };

export const rateLimits = {
  signInPerEmail: { name: 'signin:email', max: 10, windowSeconds: 15 * 60 },
  signInPerIp: { name: 'signin:ip', max: 100, windowSeconds: 15 * 60 },
  resetPerEmail: { name: 'reset:email', max: 5, windowSeconds: 60 * 60 },
  resetPerIp: { name: 'reset:ip', max: 30, windowSeconds: 60 * 60 },
} satisfies Record<string, RateLimit>;

export const RATE_LIMITED_MESSAGE = 'Too many attempts, please try again later';

/**
 * Counts one attempt against a fixed window kept in Postgres (shared by every API instance)
 * and refuses once the window's count passes the limit.
 */
export async function consumeRateLimit(db: DbOrTx, limit: RateLimit, subject: string): Promise<void> {
  const key = `${limit.name}:${subject}`;
  const interval = `${limit.windowSeconds} seconds`;
  const result = await db.execute<{ count: number }>(sql`
    INSERT INTO rate_limit_buckets (key, window_started_at, count) VALUES (${key}, now(), 1)
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limit_buckets.window_started_at < now() - ${interval}::interval THEN 1 ELSE rate_limit_buckets.count + 1 END,
      window_started_at = CASE WHEN rate_limit_buckets.window_started_at < now() - ${interval}::interval THEN now() ELSE rate_limit_buckets.window_started_at END
    RETURNING count`);
  const count = Number(result.rows[0]?.count ?? 0);
  if (count > limit.max) throw new AppError('rate_limited', RATE_LIMITED_MESSAGE);
}
