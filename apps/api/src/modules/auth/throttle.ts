import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { countInWindow, rateLimits, RATE_LIMITED_MESSAGE, windowCount } from '../../lib/rate-limit.ts';
import type { KnownDevice } from './device.ts';

/**
 * Sign-in throttling (docs/security.md, Sign-in throttling). Attempts are throttled per (account,
 * IP) pair, per (account, device) for a browser holding a device cookie, or per device for a
 * device known to the account, with exponential back-off: the first `freeAttempts` since the last
 * success go through, then each waits base * 2^(n - free) seconds after the last, up to
 * `maxSeconds`. A success clears the key. Strangers without a device cookie also meet two
 * ceilings of failures per hour: per IP (credential stuffing across accounts) and per account
 * (guessing one account from many addresses). A device cookie not known to the account is
 * counted per device instead of per IP, so other people's failures at a shared address never
 * lock it out; it still meets the account's ceiling. A known device meets neither.
 */
export const signInBackoff = { freeAttempts: 5, baseSeconds: 2, maxSeconds: 15 * 60, forgetAfterSeconds: 24 * 3600 } as const;

/** Seconds to wait after the last of `attempts` counted attempts before the next one. */
export function backoffSeconds(attempts: number): number {
  if (attempts < signInBackoff.freeAttempts) return 0;
  return Math.min(signInBackoff.maxSeconds, signInBackoff.baseSeconds * 2 ** Math.min(attempts - signInBackoff.freeAttempts, 30));
}

// Keys hold hashes, not addresses: the throttle tables keep no personal data.
const digest = (value: string) => createHash('sha256').update(value).digest('hex');
export const pairKey = (email: string, ip: string) => `pair:${digest(`${email}\n${ip}`)}`;
const deviceKey = (device: KnownDevice) => `device:${digest(`${device.device_id}\n${device.user_id}`)}`;
const accountDeviceKey = (email: string, deviceId: string) => `account-device:${digest(`${email}\n${deviceId}`)}`;

/**
 * Who is attempting: `device` a device known to this account (it signed in to it before),
 * `device_id` a device cookie that is not (a new browser, or one known to another account).
 */
type SignInCaller = { email: string; ip: string; device: KnownDevice | null; device_id: string | null };

/**
 * Counts one attempt on `key` in one statement, unless the key is still waiting out its back-off:
 * then nothing is written and the answer is false. Counting before the password is checked means
 * a burst of simultaneous guesses is counted too; a success deletes the row again.
 */
async function claimAttempt(db: DbOrTx, key: string): Promise<boolean> {
  const { freeAttempts, baseSeconds, maxSeconds, forgetAfterSeconds } = signInBackoff;
  const forgotten = sql`b.last_failed_at <= now() - make_interval(secs => ${forgetAfterSeconds}::float8)`;
  const waited = sql`b.last_failed_at + make_interval(secs => least(${maxSeconds}::float8,
    ${baseSeconds}::float8 * power(2::float8, least(b.failures - ${freeAttempts}::int, 30)))) <= now()`;
  const result = await db.execute(sql`
    INSERT INTO sign_in_backoffs AS b (key, failures, last_failed_at) VALUES (${key}, 1, now())
    ON CONFLICT (key) DO UPDATE SET
      failures = CASE WHEN ${forgotten} THEN 1 ELSE b.failures + 1 END,
      last_failed_at = now()
    WHERE ${forgotten} OR b.failures < ${freeAttempts}::int OR ${waited}
    RETURNING failures`);
  return result.rows.length > 0;
}

const refuse = () => new AppError('rate_limited', RATE_LIMITED_MESSAGE);

/** Before the password is checked: refuses (429) an attempt that must wait; answers the key to settle afterwards. */
export async function beginSignInAttempt(db: DbOrTx, options: SignInCaller): Promise<string> {
  if (options.device) {
    const key = deviceKey(options.device);
    if (!(await claimAttempt(db, key))) throw refuse();
    return key;
  }
  // A browser with a device cookie: its own failures and the account's, not its address's.
  const [sourceFailures, accountFailures] = await Promise.all([
    options.device_id
      ? windowCount(db, rateLimits.signInFailuresPerDevice, options.device_id)
      : windowCount(db, rateLimits.signInFailuresPerIp, options.ip),
    windowCount(db, rateLimits.signInFailuresPerAccount, digest(options.email)),
  ]);
  const sourceMax = options.device_id ? rateLimits.signInFailuresPerDevice.max : rateLimits.signInFailuresPerIp.max;
  if (sourceFailures >= sourceMax || accountFailures >= rateLimits.signInFailuresPerAccount.max) throw refuse();
  const key = options.device_id ? accountDeviceKey(options.email, options.device_id) : pairKey(options.email, options.ip);
  if (!(await claimAttempt(db, key))) throw refuse();
  return key;
}

/** A wrong password (or unknown email) also counts against the account's ceiling, and the device's or else the IP's. */
export async function failSignInAttempt(db: DbOrTx, options: SignInCaller): Promise<void> {
  if (options.device) return;
  const source = options.device_id
    ? { limit: rateLimits.signInFailuresPerDevice, subject: options.device_id }
    : { limit: rateLimits.signInFailuresPerIp, subject: options.ip };
  await countInWindow(db, `${source.limit.name}:${source.subject}`, source.limit.windowSeconds);
  await countInWindow(
    db,
    `${rateLimits.signInFailuresPerAccount.name}:${digest(options.email)}`,
    rateLimits.signInFailuresPerAccount.windowSeconds,
  );
}

/**
 * Whether this address may be given one more device cookie this hour: a client that drops its
 * cookie gets a new device (fresh counters) at most `signInDevicesPerIp.max` times an hour.
 */
export async function mayIssueNewDevice(db: DbOrTx, ip: string): Promise<boolean> {
  const { count } = await countInWindow(db, `${rateLimits.signInDevicesPerIp.name}:${ip}`, rateLimits.signInDevicesPerIp.windowSeconds);
  return count <= rateLimits.signInDevicesPerIp.max;
}

/** The right password: the pair (or device) starts again from nothing. */
export async function succeedSignInAttempt(db: DbOrTx, key: string): Promise<void> {
  await db.execute(sql`DELETE FROM sign_in_backoffs WHERE key = ${key}`);
}
