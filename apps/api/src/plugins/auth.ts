import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, gt } from 'drizzle-orm';
import { DEFAULT_ORG_ID, type Role } from '@crewpay/core';
import type { Db } from '../db/client.ts';
import { sessions, users, type User } from '../db/schema/index.ts';
import { AppError } from '../lib/errors.ts';
import { hashToken } from '../lib/tokens.ts';

export type AuthContext = { user: User; session_id: string };

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyRequest {
    auth: AuthContext | null;
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
    .select({ user: users, session_id: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.user_id))
    .where(and(eq(sessions.token_hash, hashToken(token)), gt(sessions.expires_at, new Date())))
    .limit(1);
  return row ?? null;
}

/**
 * Resolves the session of every API request and refuses those without one, unless the route
 * says it is public: a route forgetting to check is closed, not open.
 */
export function registerAuth(app: FastifyInstance, db: Db): void {
  app.decorateRequest('auth', null);
  app.addHook('preHandler', async (request) => {
    // Unknown routes fall through to the JSON 404, whoever asks.
    if (!request.routeOptions.url) return;
    const token = request.headers[AUTH_HEADER];
    if (typeof token === 'string' && token.length > 0 && token.length < 200) {
      request.auth = await findSession(db, token);
    }
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
  if (user.is_external) throw new AppError('forbidden', 'This is only available to organization members');
  if (user.org_id === DEFAULT_ORG_ID) throw new AppError('forbidden', 'Create your organization first');
  if (roles && !roles.includes(user.role)) throw new AppError('forbidden', 'You do not have permission to do that');
  return user;
}
