import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { FRESH_FACTOR_MINUTES, apiKeyMessages, externalRoles, staffRoles, twoFactorMessages, type Role } from '@crewpay/core';
import type { Db } from '../db/client.ts';
import { orgs, sessions } from '../db/schema/index.ts';
import { AppError } from '../lib/errors.ts';
import { requireExternal, requireStaff } from './auth.ts';
import {
  actingRefusal,
  asksFreshFactor,
  isPublicRoute,
  needsPolicy,
  touches,
  type DeclaredRoute,
  type RoutePolicy,
} from './route-policy.ts';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyInstance {
    /** Every route added with its policy (HEAD routes left out), for the docs and the tests. */
    routePolicies: () => readonly DeclaredRoute[];
  }
}

const freshWindowMs = FRESH_FACTOR_MINUTES * 60_000;

/**
 * Refuses (403, fresh_factor_required) a session whose person has a second factor but has not
 * proved it within the window (POST /v1/users/two_factor/verify, then retry). API keys never get
 * here on a guarded route (their rules refuse them first); a person without any factor has
 * nothing to prove and passes.
 */
export async function requireFreshFactor(db: Db, request: FastifyRequest): Promise<void> {
  const auth = request.auth;
  if (!auth || auth.api_key_id) return;
  const person = auth.actor ?? auth.user;
  if (!person.two_factor_at) return;
  const [session] = await db.select({ at: sessions.factor_verified_at }).from(sessions).where(eq(sessions.id, auth.session_id));
  if (session?.at && Date.now() - session.at.getTime() < freshWindowMs) return;
  throw new AppError('forbidden', twoFactorMessages.freshFactor, { details: { fresh_factor_required: true } });
}

/**
 * The organisation's rule: a staff member without a second factor is refused everything but
 * enrolling (403, two_factor_enrolment_required). Costs a query only for staff without a factor.
 */
async function requireEnrolment(db: Db, request: FastifyRequest, policy: RoutePolicy | undefined): Promise<void> {
  const auth = request.auth;
  if (!auth || auth.api_key_id || isPublicRoute(request) || policy?.beforeEnrolment) return;
  const person = auth.actor ?? auth.user;
  if (person.is_external || person.two_factor_at) return;
  const [org] = await db.select({ required: orgs.require_two_factor }).from(orgs).where(eq(orgs.id, person.org_id));
  if (org?.required) throw new AppError('forbidden', twoFactorMessages.requiredByOrg, { details: { two_factor_enrolment_required: true } });
}

const isStaffOnly = (roles: readonly Role[]) => roles.every((role) => (staffRoles as readonly Role[]).includes(role));

/** The roles a policy names, with the messages the handlers' own checks give (plugins/auth.ts). */
function requireRoles(request: FastifyRequest, who: RoutePolicy['who']): void {
  if (who === 'public' || who === 'signed_in') return;
  if (isStaffOnly(who)) {
    requireStaff(request, who.length === staffRoles.length ? undefined : who);
    return;
  }
  const { user } = requireExternal(request);
  if (!who.includes(user.role)) throw new AppError('forbidden', 'You do not have permission to do that');
}

/** A policy no route could enforce: roles mixing staff and portal people, a public route asking for a factor. */
function policyProblem(policy: RoutePolicy): string | null {
  if (Array.isArray(policy.who) && policy.who.length === 0) return 'names no role';
  const who = policy.who;
  if (typeof who !== 'string' && !isStaffOnly(who) && !who.every((role) => (externalRoles as readonly Role[]).includes(role)))
    return 'mixes staff and portal roles (use signed_in and check in the handler)';
  if (who === 'public' && policy.freshFactor) return 'is public but asks a person for a fresh factor';
  return null;
}

/**
 * Collects every route's policy as it is added, and refuses to start (onReady) while any API route
 * (/v1, /api) has none, or one it cannot enforce: a route forgetting to say who may call it
 * stops the app instead of opening a door.
 */
export function collectRoutePolicies(app: FastifyInstance): void {
  const routes: DeclaredRoute[] = [];
  app.decorate('routePolicies', () => routes);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method !== 'HEAD') routes.push({ method, url: route.url, policy: route.config?.policy, body: route.schema?.body });
    }
  });
  app.addHook('onReady', async () => {
    const problems = routes.flatMap(({ method, url, policy }) => {
      if (!needsPolicy(url)) return [];
      if (!policy) return [`${method} ${url} has no policy`];
      const problem = policyProblem(policy);
      return problem ? [`${method} ${url} ${problem}`] : [];
    });
    if (problems.length > 0) throw new Error(`Every API route declares its policy (config.policy): ${problems.join('; ')}`);
  });
}

/**
 * Enforces the route's policy, as a preHandler after the caller is known (registerAuth), the
 * acting audit's row is written (so refused attempts are recorded) and the body validated (so
 * body rules can read it), in this order: enrolment, acting refusal, a key's body rule, the
 * fresh factor, then the roles (where the handlers' own checks were, so their answers stay).
 */
export function registerRoutePolicies(app: FastifyInstance, db: Db): void {
  app.addHook('preHandler', async (request) => {
    if (!request.routeOptions.url) return;
    const policy = request.routeOptions.config.policy;
    await requireEnrolment(db, request, policy);
    if (!policy || !request.auth) return;
    const refusal = request.auth.actor ? actingRefusal(policy, request.body) : null;
    if (refusal) throw new AppError('forbidden', refusal);
    const keyRule = policy.apiKey;
    if (request.auth.api_key_id && typeof keyRule === 'object' && touches(keyRule.refusedWhen, request.body))
      throw new AppError('forbidden', policy.keyRefusal ?? apiKeyMessages.notForKeys);
    if (asksFreshFactor(policy, request.body)) await requireFreshFactor(db, request);
    requireRoles(request, policy.who);
  });
}
