import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, asc, eq, gt } from 'drizzle-orm';
import { DEFAULT_ORG_ID, staffRoles, type Role } from '@crewpay/core';
import type { Db } from '../db/client.ts';
import { orgApiTokens, sessions, users, type User } from '../db/schema/index.ts';
import { AppError } from '../lib/errors.ts';
import { hashToken } from '../lib/tokens.ts';

/**
 * A session's user, or for an organisation API key its owner (api_key_id set, session_id empty).
 * While an owner or admin acts as another user (login-as), `user` is the user acted as, so every
 * rule applies as it would to them, and `actor` is the real person behind the keyboard.
 */
export type AuthContext = { user: User; session_id: string; api_key_id: string | null; actor: User | null };

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyRequest {
    auth: AuthContext | null;
    /** Set once the session token was looked up (with the rate limit's count, session-lookups.ts). */
    sessionLookedUp: boolean;
  }
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyContextConfig {
    /** Reachable without a session (sign-in, public links, health). Everything else requires one. */
    isPublic?: boolean;
  }
}

export const AUTH_HEADER = 'auth-token';

async function findSession(db: Db, token: string): Promise<AuthContext | null> {
  const [row] = await db
    .select({ user: users, session_id: sessions.id, acting_as_user_id: sessions.acting_as_user_id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.user_id))
    .where(and(eq(sessions.token_hash, hashToken(token)), gt(sessions.expires_at, new Date())))
    .limit(1);
  return row ? sessionContext(db, row) : null;
}

/**
 * A session row's caller: while acting as someone (login-as), that user, with the real person as
 * actor. The user acted as is read apart, only then: the lookup every request makes maps one
 * user's columns, not two.
 */
export async function sessionContext(db: Db, row: { user: User; session_id: string; acting_as_user_id: string | null }): Promise<AuthContext> {
  const actedAs = row.acting_as_user_id ? (await db.select().from(users).where(eq(users.id, row.acting_as_user_id)))[0] : undefined;
  if (actedAs) return { user: actedAs, actor: row.user, session_id: row.session_id, api_key_id: null };
  return { user: row.user, actor: null, session_id: row.session_id, api_key_id: null };
}

/** Looked up on every request (no cache), so a deleted key stops at once. */
async function findApiKey(db: Db, key: string): Promise<AuthContext | null> {
  const [row] = await db
    .select({ user: users, api_key_id: orgApiTokens.id })
    .from(orgApiTokens)
    .innerJoin(users, and(eq(users.org_id, orgApiTokens.org_id), eq(users.role, 'owner')))
    .where(eq(orgApiTokens.token_hash, hashToken(key)))
    .orderBy(asc(users.created_at))
    .limit(1);
  return row ? { ...row, session_id: '', actor: null } : null;
}

/** Member management (/v1/users writes) and key and webhook management stay with people. */
function refusesApiKeys(method: string, routeUrl: string): boolean {
  if (routeUrl.startsWith('/v1/org_api_token') || routeUrl.startsWith('/v1/webhook_endpoints')) return true;
  return routeUrl.startsWith('/v1/users') && method !== 'GET';
}

/**
 * Resolves the session of every API request and refuses those without one, unless the route
 * says it is public: a route forgetting to check is closed, not open.
 */
/** The credential a request sends (a session token, else an API key), if it has that shape. */
export function credentialOf(request: FastifyRequest): string | null {
  const token = request.headers[AUTH_HEADER];
  if (typeof token === 'string' && token.length > 0 && token.length < 200) return token;
  return /^Bearer (cp_(?:live|sandbox)_[A-Za-z0-9_-]{43})$/.exec(request.headers.authorization ?? '')?.[1] ?? null;
}

export function registerAuth(
  app: FastifyInstance,
  db: Db,
  /** Runs once the caller is known (or known to be nobody), before a missing session is refused. */
  afterLookup?: (request: FastifyRequest, reply: FastifyReply) => Promise<void>,
): void {
  app.decorateRequest('auth', null);
  app.decorateRequest('sessionLookedUp', false);
  // Before body validation, so a key on a refused route is told so whatever it sends.
  app.addHook('onRequest', async (request) => {
    const usesApiKey = !request.headers[AUTH_HEADER] && request.headers.authorization?.startsWith('Bearer ');
    if (usesApiKey && request.routeOptions.url && refusesApiKeys(request.method, request.routeOptions.url)) {
      throw new AppError('forbidden', 'API keys cannot manage members, API keys or webhooks');
    }
  });
  app.addHook('preHandler', async (request, reply) => {
    // Unknown routes fall through to the JSON 404, whoever asks.
    if (!request.routeOptions.url) return;
    const token = request.headers[AUTH_HEADER];
    if (!request.sessionLookedUp && typeof token === 'string' && token.length > 0 && token.length < 200) {
      request.auth = await findSession(db, token);
    }
    const bearer = /^Bearer (cp_(?:live|sandbox)_[A-Za-z0-9_-]{43})$/.exec(request.headers.authorization ?? '')?.[1];
    if (!request.auth && bearer) {
      request.auth = await findApiKey(db, bearer);
    }
    await afterLookup?.(request, reply);
    const isApiRoute = request.url.startsWith('/v1/') || request.url.startsWith('/api/');
    if (isApiRoute && !request.routeOptions.config.isPublic && !request.auth) {
      throw new AppError('unauthorized', 'Please sign in to continue');
    }
  });
}

export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError('unauthorized', 'Please sign in to continue');
  return request.auth;
}

/** A staff member of a real organisation (not the default one), optionally with one of `roles`. */
export function requireStaff(request: FastifyRequest, roles?: readonly Role[]): User {
  const { user } = requireAuth(request);
  // Both: an external account, or a row whose role is not a staff role, is not a member.
  if (user.is_external || !(staffRoles as readonly Role[]).includes(user.role))
    throw new AppError('forbidden', 'This is only available to organization members');
  if (user.org_id === DEFAULT_ORG_ID) throw new AppError('forbidden', 'Create your organization first');
  if (roles && !roles.includes(user.role)) throw new AppError('forbidden', 'You do not have permission to do that');
  return user;
}

/**
 * A creator or customer (an external account). Staff, API keys and the default organisation's
 * sign-ups are refused: the portal's routes answer only about the caller's own records.
 */
export function requireExternal(request: FastifyRequest): AuthContext {
  const auth = requireAuth(request);
  if (!auth.user.is_external || auth.api_key_id) throw new AppError('forbidden', 'This is only available to creators and customers');
  return auth;
}
export { findSession };
