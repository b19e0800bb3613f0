import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors.ts';
import { sql } from 'drizzle-orm';
import { countInWindow, sweepRateLimits, windowUpsertSql, type WindowCount } from '../lib/rate-limit.ts';
import { hashToken } from '../lib/tokens.ts';
import { presentedCredential, type Sessions } from './auth.ts';
import { CREDENTIAL_KEY_PREFIX, sessionFinder } from './session-lookups.ts';

/** The API-wide limit (config RATE_LIMIT_*): requests per window per caller. */
type RequestLimits = { signedInMax: number; anonymousMax: number; windowSeconds: number };

export const REQUESTS_LIMITED_MESSAGE = 'Too many requests, please slow down';

const SWEEP_EVERY_MS = 10 * 60 * 1000;

const isApiPath = (url: string) => url.startsWith('/v1/') || url.startsWith('/api/');

/**
 * The global rate limit, shared by every instance through the rate_limit_buckets table: one
 * upsert per request, before anything else is read. A call that sends a session token or an API
 * key counts against that credential (its hash: the same session or key, whichever instance
 * answers); any other call against its IP address. A credential that turns out not to be valid
 * also counts against the address, so made-up tokens cannot dodge the anonymous limit.
 */
export function registerRequestLimit(app: FastifyInstance, sessions: Sessions, limits: RequestLimits) {
  const { db } = sessions;
  const sweep = setInterval(() => void sweepRateLimits(db).catch(() => undefined), SWEEP_EVERY_MS);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));

  const check = (reply: FastifyReply, counted: WindowCount, max: number) => {
    void reply.header('x-ratelimit-limit', max);
    void reply.header('x-ratelimit-remaining', Math.max(0, max - counted.count));
    void reply.header('x-ratelimit-reset', counted.retry_after_seconds);
    if (counted.count > max) {
      void reply.header('retry-after', counted.retry_after_seconds);
      throw new AppError('rate_limited', REQUESTS_LIMITED_MESSAGE);
    }
  };
  const enforce = async (reply: FastifyReply, key: string, max: number) =>
    check(reply, await countInWindow(db, key, limits.windowSeconds), max);
  const byAddress = (request: FastifyRequest, reply: FastifyReply) => enforce(reply, `api:ip:${request.ip}`, limits.anonymousMax);
  // An API key that exists gets a window of its own; a made-up one none (it counts against the address after the lookup).
  const enforceKey = async (reply: FastifyReply, keyHash: string) => {
    const result = await db.execute<{ count: number; retry_after_seconds: number }>(
      windowUpsertSql(
        sql`SELECT ${`${CREDENTIAL_KEY_PREFIX}${keyHash}`}, now(), 1 WHERE EXISTS (SELECT 1 FROM org_api_tokens WHERE token_hash = ${keyHash})`,
        sql`${`${limits.windowSeconds} seconds`}::interval`,
      ),
    );
    const row = result.rows[0];
    if (row) check(reply, { count: Number(row.count), retry_after_seconds: Number(row.retry_after_seconds) }, limits.signedInMax);
  };

  const findSession = sessionFinder(sessions, limits.windowSeconds);
  app.addHook('onRequest', async (request, reply) => {
    // The API only: the built app's files read no database and a page load fetches dozens.
    if (!isApiPath(request.url)) return;
    // A request carrying two credentials is refused here, before anything is counted or read.
    const credential = presentedCredential(request);
    if (!credential) return byAddress(request, reply);
    // An API key: counted on its own (its owner is looked up in registerAuth).
    if (credential.kind === 'api_key') return enforceKey(reply, hashToken(credential.key));
    // A session token (the browser app's every call): counted and looked up in one round trip,
    // shared with the session calls that arrive beside it.
    const { counted, auth } = await findSession(credential.token);
    request.auth = auth;
    request.sessionLookedUp = true;
    check(reply, counted, limits.signedInMax);
  });

  /** For registerAuth: once the lookup is done, a credential that matched nobody counts against the address. */
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.auth && isApiPath(request.url) && presentedCredential(request)) await byAddress(request, reply);
  };
}
