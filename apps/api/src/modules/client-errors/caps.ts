import type { DbOrTx } from '../../db/client.ts';
import { countManyInWindow } from '../../lib/rate-limit.ts';

/**
 * Anyone may report a browser error (docs/security.md, Anonymous rows): reports logged and
 * forwarded per address an hour and from everyone an hour. Mutable for the tests.
 */
export const clientErrorCaps = { perIpPerHour: 20, perHour: 2_000 };

/**
 * Whether a report from `ip` is logged and forwarded: counted against the address's hour, and,
 * when within it, everyone's. Past either it is dropped and the sender told nothing (204), so the
 * log and the error tracker take at most the hourly ceiling.
 */
export async function withinClientErrorCaps(db: DbOrTx, ip: string): Promise<boolean> {
  if ((await countManyInWindow(db, `client-errors:ip:${ip}`, 60 * 60, 1)) > clientErrorCaps.perIpPerHour) return false;
  return (await countManyInWindow(db, 'client-errors:all', 60 * 60, 1)) <= clientErrorCaps.perHour;
}
