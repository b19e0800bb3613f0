import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps.ts';
import type { User } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { queueEmails, sendQueuedEmails } from '../email/index.ts';
import { recordAudit } from '../audit/index.ts';

/**
 * Second-step throttling (docs/security.md, Second-step lockout). The sign-in back-off is per
 * (account, IP) pair, so someone who knows the password and has many addresses could try about
 * 1,200 codes a day. These limits are per person, wherever the codes come from: the sign-in's
 * second step, a password-reset link's code and a signed-in session's re-verify share them.
 * `maxWrong` codes in `windowMinutes` lock every code (authenticator and recovery) for
 * `firstLockHours`, each further lock twice as long as the one before, at most `maxLockHours`,
 * until a right code starts over. Passkeys cannot be guessed and stay usable.
 */
const factorLock = { maxWrong: 5, windowMinutes: 15, firstLockHours: 1, maxLockHours: 24 } as const;

/** '2025-05-01 14:05 UTC': the server does not know the reader's time zone, so it says which it uses. */
const atTime = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

const lockedMessage = (until: Date) =>
  `Too many wrong codes: two-factor codes for this account are locked until ${atTime(until)}. We emailed you about it. A passkey still signs you in.`;

const lockedError = (until: Date) => new AppError('rate_limited', lockedMessage(until), { field: 'code' });

/**
 * Counts one code before it is checked, in one statement, unless the codes are locked or the
 * window already holds `maxWrong` attempts: then nothing is written and the answer is a 429. A
 * burst of simultaneous guesses is therefore counted too; a right code clears the row.
 */
export async function claimFactorAttempt(deps: Pick<AppDeps, 'db'>, user: User): Promise<void> {
  const { maxWrong, windowMinutes } = factorLock;
  const windowOver = sql`l.window_started_at <= now() - make_interval(mins => ${windowMinutes}::int)`;
  const claimed = await deps.db.execute(sql`
    INSERT INTO second_factor_locks AS l (user_id, attempts, window_started_at) VALUES (${user.id}, 1, now())
    ON CONFLICT (user_id) DO UPDATE SET
      attempts = CASE WHEN ${windowOver} THEN 1 ELSE l.attempts + 1 END,
      window_started_at = CASE WHEN ${windowOver} THEN now() ELSE l.window_started_at END
    WHERE (l.locked_until IS NULL OR l.locked_until <= now()) AND (${windowOver} OR l.attempts < ${maxWrong}::int)
    RETURNING attempts`);
  if (claimed.rows.length > 0) return;
  const locked = await deps.db.execute<{ locked_until: string | null }>(
    sql`SELECT locked_until FROM second_factor_locks WHERE user_id = ${user.id}`,
  );
  const until = locked.rows[0]?.locked_until;
  // A burst that filled the window before its lock was written waits for the window.
  throw lockedError(until ? new Date(until) : new Date(Date.now() + windowMinutes * 60_000));
}

/** A right code: the window, and the doubling of the locks, start over. */
export async function clearFactorAttempts(deps: Pick<AppDeps, 'db'>, user: User): Promise<void> {
  await deps.db.execute(sql`DELETE FROM second_factor_locks WHERE user_id = ${user.id}`);
}

/**
 * A wrong code: once the window holds `maxWrong` attempts the codes lock. Only the request that
 * writes the lock tells the person (email) and the audit log, so a burst tells them once.
 */
export async function failFactorAttempt(deps: Pick<AppDeps, 'db' | 'jobs' | 'config'>, user: User): Promise<void> {
  const { maxWrong, firstLockHours, maxLockHours } = factorLock;
  const locked = await deps.db.execute<{ locked_until: string }>(sql`
    UPDATE second_factor_locks SET
      locked_until = now() + make_interval(hours => least(${maxLockHours}::int, ${firstLockHours}::int * power(2, least(locks, 10))::int)),
      locks = locks + 1,
      attempts = 0
    WHERE user_id = ${user.id} AND attempts >= ${maxWrong}::int AND (locked_until IS NULL OR locked_until <= now())
    RETURNING locked_until`);
  const until = locked.rows[0]?.locked_until;
  if (!until) return;
  await tellLocked(deps, user, new Date(until));
}

async function tellLocked(deps: Pick<AppDeps, 'db' | 'jobs' | 'config'>, user: User, until: Date): Promise<void> {
  const emailIds = await deps.db.transaction(async (tx) => {
    // Staff entries go to the organisation's audit log, as every factor entry (two-factor.ts).
    if (!user.is_external) {
      await recordAudit(tx, {
        org_id: user.org_id,
        actor_user_id: user.id,
        user_id: user.id,
        action: 'two_factor.locked',
        status_code: 429,
      });
    }
    return queueEmails(tx, [
      {
        org_id: user.org_id,
        to: user.email,
        subject: 'Your Crewpay two-factor codes are locked',
        paragraphs: [
          `Someone entered ${factorLock.maxWrong} wrong two-factor codes for your Crewpay account, after your password, within ${factorLock.windowMinutes} minutes.`,
          `To protect your account, authenticator and recovery codes are refused until ${atTime(until)}. A passkey still signs you in.`,
          'If this was not you, someone knows your password: change your password now in Settings > Profile. It signs out every other session.',
        ],
        links: [{ label: 'Open Crewpay', url: deps.config.publicUrl }],
      },
    ]);
  });
  await sendQueuedEmails(deps.jobs, emailIds);
}
