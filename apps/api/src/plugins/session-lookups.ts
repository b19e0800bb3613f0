import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { sessions, users } from '../db/schema/index.ts';
import { windowUpsertSql, type WindowCount } from '../lib/rate-limit.ts';
import { literalLimit } from '../lib/keyset.ts';
import { hashToken } from '../lib/tokens.ts';
import { sessionContext, type AuthContext, type Sessions } from './auth.ts';

/** A credential's rate-limit key is its hash under this prefix (request-limit.ts), whichever instance answers. */
export const CREDENTIAL_KEY_PREFIX = 'api:key:';

/**
 * The statement of a batch: each distinct token's calls counted in its window (the upsert adds the
 * batch's calls at once; ON CONFLICT may touch a row only once per statement, hence one row per
 * key, locked in key order so two instances' batches never deadlock), and each token's session
 * and user left-joined to its count, so a call counts whether or not its token matches a session.
 * Prepared once per database. The batch travels as JSON, not arrays: PostgreSQL estimates an
 * unnest of an array parameter by its length, so it found every custom plan (one element) cheaper
 * than the generic one and planned the statement again on every call (410 of 410, against 0.12 ms
 * to run it); json_to_recordset has one estimate, so the generic plan is kept.
 */
function prepareBatch(db: Db) {
  const bucket = db
    .$with('bucket', {
      key: sql<string>`key`.as('key'),
      count: sql<number>`count`.mapWith(Number).as('count'),
      retry_after_seconds: sql<number>`retry_after_seconds`.mapWith(Number).as('retry_after_seconds'),
    })
    .as(
      windowUpsertSql(
        // Only tokens of a live session get a window of their own: a made-up token would leave a
        // row per request (they count against the address instead, request-limit.ts).
        sql`SELECT ${CREDENTIAL_KEY_PREFIX} || token_hash, now(), calls
          FROM json_to_recordset(${sql.placeholder('batch')}::json) AS batch(token_hash text, calls int)
          WHERE EXISTS (SELECT 1 FROM sessions s WHERE s.token_hash = batch.token_hash AND s.expires_at > ${sql.placeholder('now')})
          ORDER BY 1`,
        sql`${sql.placeholder('window')}::interval`,
      ),
    );
  // LATERAL with a LIMIT: each key's session is found on the token_hash index (a generic plan
  // checked over 50,000 sessions), never by a hash join over all of them.
  const session = db
    .select({ id: sessions.id, user_id: sessions.user_id, acting_as_user_id: sessions.acting_as_user_id })
    .from(sessions)
    .where(
      and(
        eq(sessions.token_hash, sql`substr(${bucket.key}, ${CREDENTIAL_KEY_PREFIX.length + 1})`),
        gt(sessions.expires_at, sql.placeholder('now')),
      ),
    )
    .limit(literalLimit(1))
    .as('session');
  return db
    .with(bucket)
    .select({
      key: bucket.key,
      count: bucket.count,
      retry_after_seconds: bucket.retry_after_seconds,
      user: users,
      session_id: session.id,
      acting_as_user_id: session.acting_as_user_id,
    })
    .from(bucket)
    .leftJoinLateral(session, sql`true`)
    .leftJoin(users, eq(users.id, session.user_id))
    .prepare('count_and_find_sessions');
}

type BatchRow = Awaited<ReturnType<ReturnType<typeof prepareBatch>['execute']>>[number];
type Waiting = {
  token_hash: string;
  resolve: (row: { counted: WindowCount; row: BatchRow | undefined }) => void;
  reject: (error: unknown) => void;
};

/** Batches in flight at once: a call waits only while this many are already out. */
const MAX_IN_FLIGHT = 2;

/**
 * Session-token calls are counted and looked up in batches: a call goes out at once when fewer
 * than MAX_IN_FLIGHT statements are out, else waits and goes with every call that arrived
 * meanwhile in one statement. One request at a time pays no wait; under load, 50 concurrent calls
 * cost a few round trips, not 50 (docs/performance.md). Counts stay exact: a token's n calls in a
 * batch add n, and they are told the counts before the total in the order they came, as if
 * counted one by one.
 */
function createBatcher(db: Db, windowSeconds: number) {
  const prepared = prepareBatch(db);
  let waiting: Waiting[] = [];
  let inFlight = 0;

  async function run(batch: Waiting[]) {
    const calls = new Map<string, number>();
    for (const call of batch) calls.set(call.token_hash, (calls.get(call.token_hash) ?? 0) + 1);
    try {
      const rows = await prepared.execute({
        batch: JSON.stringify([...calls].map(([token_hash, count]) => ({ token_hash, calls: count }))),
        window: `${windowSeconds} seconds`,
        now: new Date(),
      });
      const byKey = new Map(rows.map((row) => [row.key, row]));
      const told = new Map<string, number>();
      for (const call of batch) {
        const row = byKey.get(`${CREDENTIAL_KEY_PREFIX}${call.token_hash}`);
        const before = told.get(call.token_hash) ?? 0;
        told.set(call.token_hash, before + 1);
        const count = row ? row.count - calls.get(call.token_hash)! + before + 1 : 0;
        call.resolve({ counted: { count, retry_after_seconds: row?.retry_after_seconds ?? windowSeconds }, row });
      }
    } catch (error) {
      for (const call of batch) call.reject(error);
    }
  }

  function sendWaiting() {
    if (inFlight >= MAX_IN_FLIGHT || waiting.length === 0) return;
    const batch = waiting;
    waiting = [];
    inFlight += 1;
    void run(batch).finally(() => {
      inFlight -= 1;
      sendWaiting();
    });
  }

  return (tokenHash: string) =>
    new Promise<{ counted: WindowCount; row: BatchRow | undefined }>((resolve, reject) => {
      waiting.push({ token_hash: tokenHash, resolve, reject });
      sendWaiting();
    });
}

/**
 * A session-token call's rate-limit count and its session, in one round trip shared with the
 * calls that arrive beside it. Looked up on every request (no cache), so a signed-out session
 * stops at once. One finder per app (its request-limit plugin): the batch lives with it.
 */
export function sessionFinder(
  sessions: Sessions,
  windowSeconds: number,
): (token: string) => Promise<{ counted: WindowCount; auth: AuthContext | null }> {
  const lookup = createBatcher(sessions.db, windowSeconds);
  return async (token) => {
    const { counted, row } = await lookup(hashToken(token));
    if (!row?.user || !row.session_id) return { counted, auth: null };
    return {
      counted,
      auth: await sessionContext(sessions, { user: row.user, session_id: row.session_id, acting_as_user_id: row.acting_as_user_id }),
    };
  };
}
