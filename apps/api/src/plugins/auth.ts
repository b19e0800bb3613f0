import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, asc, eq, gt } from 'drizzle-orm';
import { DEFAULT_ORG_ID, apiKeyMessages, staffRoles, type ApiKeyScope, type Role } from '@crewpay/core';
import type { Db } from '../db/client.ts';
import { orgApiTokens, sessions, users, type User } from '../db/schema/index.ts';
import { AppError } from '../lib/errors.ts';
import { hashToken } from '../lib/tokens.ts';
import { assertKeyMay, isPublicRoute, refusesEveryKey } from './route-policy.ts';

/**
 * A session's user, or for an organisation API key its owner (api_key_id set, session_id empty,
 * `scopes` what the key may do). While an owner or admin acts as another user (login-as), `user`
 * is the user acted as, so every rule applies as it would to them, and `actor` is the real person
 * behind the keyboard.
 */
export type AuthContext = {
  user: User;
  session_id: string;
  api_key_id: string | null;
  actor: User | null;
  /** An API key's scopes; null for a session (a person's rights are their role's). */
  scopes: readonly ApiKeyScope[] | null;
  /** While acting: when acting ends by itself (ACTING_MINUTES after it began). */
  acting_expires_at: Date | null;
};

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyRequest {
    auth: AuthContext | null;
    /** Set once the session token was looked up (with the rate limit's count, session-lookups.ts). */
    sessionLookedUp: boolean;
  }
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyContextConfig {
    /**
     * Reachable without a session, for routes outside the API (health, the sandbox tools); an API
     * route says so in its policy (`policy.who: 'public'`). Everything else requires one.
     */
    isPublic?: boolean;
  }
}

const AUTH_HEADER = 'auth-token';

async function findSession(store: Sessions, token: string): Promise<AuthContext | null> {
  const [row] = await store.db
    .select({ user: users, session_id: sessions.id, acting_as_user_id: sessions.acting_as_user_id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.user_id))
    .where(and(eq(sessions.token_hash, hashToken(token)), gt(sessions.expires_at, new Date())))
    .limit(1);
  return row ? sessionContext(store, row) : null;
}

/** Ends acting whose time is up and records it in the audit (modules/auth's endExpiredActing). */
export type ActingExpiry = (db: Db, options: { session_id: string; actor: User; acted_as: User }) => Promise<void>;

/**
 * Where sessions are read, and what ends an acting session whose time is up: the auth module's
 * endExpiredActing, handed in by the app (src/app.ts), since the plugins may not import a module.
 */
export type Sessions = { db: Db; endExpiredActing: ActingExpiry };

/**
 * A session row's caller: while acting as someone (login-as), that user, with the real person as
 * actor, until acting expires; then the real person again (acting is ended on the way, once).
 * The user acted as is read apart, only then: the lookup every request makes maps one user's
 * columns, not two.
 */
export async function sessionContext(
  store: Sessions,
  row: { user: User; session_id: string; acting_as_user_id: string | null },
): Promise<AuthContext> {
  const own: AuthContext = {
    user: row.user,
    actor: null,
    session_id: row.session_id,
    api_key_id: null,
    scopes: null,
    acting_expires_at: null,
  };
  if (!row.acting_as_user_id) return own;
  const [acting] = await store.db
    .select({ user: users, expires_at: sessions.acting_expires_at })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.acting_as_user_id))
    .where(eq(sessions.id, row.session_id));
  if (!acting) return own;
  // No end time: acting that began before acting expired (migration acting_expiry) ends now.
  if (!acting.expires_at || acting.expires_at <= new Date()) {
    await store.endExpiredActing(store.db, { session_id: row.session_id, actor: row.user, acted_as: acting.user });
    return own;
  }
  return { ...own, user: acting.user, actor: row.user, acting_expires_at: acting.expires_at };
}

/** Looked up on every request (no cache), so a deleted key stops at once. */
async function findApiKey(db: Db, key: string): Promise<AuthContext | null> {
  const [row] = await db
    .select({ user: users, api_key_id: orgApiTokens.id, scopes: orgApiTokens.scopes })
    .from(orgApiTokens)
    .innerJoin(users, and(eq(users.org_id, orgApiTokens.org_id), eq(users.role, 'owner')))
    .where(eq(orgApiTokens.token_hash, hashToken(key)))
    .orderBy(asc(users.created_at))
    .limit(1);
  return row ? { ...row, session_id: '', actor: null, acting_expires_at: null } : null;
}

type Credential = { kind: 'session'; token: string } | { kind: 'api_key'; key: string };

/**
 * The one credential a request presents, decided from what it carries and nothing else: the
 * auth-token header means a session (a token that matches none is no one: it never falls back to
 * a key), an Authorization: Bearer header an API key. A request carrying both is refused, so a
 * key can never borrow a session's rights, nor a made-up token a key's.
 */
export function presentedCredential(request: FastifyRequest): Credential | null {
  const token = request.headers[AUTH_HEADER];
  const authorization = request.headers.authorization ?? '';
  const hasBearer = /^bearer\b/i.test(authorization);
  if (token !== undefined && hasBearer) throw new AppError('bad_request', apiKeyMessages.twoCredentials);
  if (token !== undefined) return typeof token === 'string' && token.length > 0 && token.length < 200 ? { kind: 'session', token } : null;
  const key = /^Bearer (cp_(?:live|sandbox)_[A-Za-z0-9_-]{43})$/.exec(authorization)?.[1];
  return key ? { kind: 'api_key', key } : null;
}

/**
 * Resolves the caller of every request and refuses API requests without one, unless the route
 * says it is public: a route forgetting to check is closed, not open.
 */
export function registerAuth(
  app: FastifyInstance,
  store: Sessions,
  /** Runs once the caller is known (or known to be nobody), before a missing session is refused. */
  afterLookup?: (request: FastifyRequest, reply: FastifyReply) => Promise<void>,
): void {
  app.decorateRequest('auth', null);
  app.decorateRequest('sessionLookedUp', false);
  // A key is looked up and held to its scopes before body validation, so a key on a route it may
  // not use is told so whatever it sends.
  app.addHook('onRequest', async (request) => {
    const credential = presentedCredential(request);
    const routeUrl = request.routeOptions.url;
    if (credential?.kind !== 'api_key' || !routeUrl) return;
    if (refusesEveryKey(request)) throw new AppError('forbidden', apiKeyMessages.peopleOnly);
    request.auth = await findApiKey(store.db, credential.key);
    if (request.auth) assertKeyMay(request.auth.scopes ?? [], request);
  });
  app.addHook('preHandler', async (request, reply) => {
    // Unknown routes fall through to the JSON 404, whoever asks.
    if (!request.routeOptions.url) return;
    const credential = presentedCredential(request);
    if (credential?.kind === 'session' && !request.sessionLookedUp) request.auth = await findSession(store, credential.token);
    await afterLookup?.(request, reply);
    const isApiRoute = request.url.startsWith('/v1/') || request.url.startsWith('/api/');
    if (isApiRoute && !isPublicRoute(request) && !request.auth) {
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
