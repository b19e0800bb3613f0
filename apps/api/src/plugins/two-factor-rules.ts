import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { FRESH_FACTOR_MINUTES, twoFactorMessages } from '@crewpay/core';
import type { Db } from '../db/client.ts';
import { orgs, sessions } from '../db/schema/index.ts';
import { AppError } from '../lib/errors.ts';

type Rule = { method: string; url: string; when?: (body: unknown) => boolean };

const touches = (fields: readonly string[]) => (body: unknown) =>
  typeof body === 'object' && body !== null && fields.some((field) => field in body);

/** Where a payee's money goes, as PUT /v1/creators/{id} names it. */
const PAYOUT_FIELDS = ['account_number', 'routing_number', 'selected_payment_method', 'paypal_email', 'venmo_phone_number'];

/**
 * Sensitive actions: a stolen session (or a password someone watched being typed) is not enough
 * for them, the person proves a second factor within the last FRESH_FACTOR_MINUTES. Another route
 * adopts the rule with a line here, or with requireFreshFactor as its own preHandler.
 */
const FRESH_FACTOR_RULES: readonly Rule[] = [
  { method: 'POST', url: '/v1/org_api_token' },
  { method: 'PUT', url: '/v1/users/:id', when: touches(['role']) },
  { method: 'POST', url: '/v1/org/bank' },
  { method: 'POST', url: '/v1/treasury/account' },
  { method: 'PUT', url: '/v1/creators/:id', when: touches(PAYOUT_FIELDS) },
  { method: 'PUT', url: '/v1/creators/user/:id' },
  { method: 'POST', url: '/v1/approvals/:id/approve' },
  { method: 'POST', url: '/v1/approvals/:id/reject' },
  { method: 'DELETE', url: '/v1/users/two_factor/totp' },
  { method: 'POST', url: '/v1/users/two_factor/recovery_codes' },
  { method: 'PUT', url: '/v1/users/two_factor/organization' },
  // A stolen session must not add its own passkey and so prove a factor it does not have.
  { method: 'POST', url: '/v1/users/passkeys' },
  { method: 'DELETE', url: '/v1/users/passkeys/:id' },
];

/** What a staff member whose organisation requires two-factor may still do before enrolling. */
const BEFORE_ENROLMENT = new Set([
  'GET /v1/user',
  'POST /v1/users/signout',
  'GET /v1/users/two_factor',
  'POST /v1/users/two_factor/totp',
  'POST /v1/users/two_factor/totp/confirm',
  'GET /v1/users/passkeys',
  'POST /v1/users/passkeys/registration',
  'POST /v1/users/passkeys',
]);

/** The routes the rules name (a test checks each exists, so a renamed route cannot slip out). */
export const twoFactorRuleRoutes = () => [
  ...FRESH_FACTOR_RULES.map(({ method, url }) => ({ method, url })),
  ...[...BEFORE_ENROLMENT].map((key) => {
    const [method = '', url = ''] = key.split(' ');
    return { method, url };
  }),
];

const freshWindowMs = FRESH_FACTOR_MINUTES * 60_000;

/**
 * The guard: refuses (403, fresh_factor_required) a session whose person has a second factor
 * but has not proved it within the window (POST /v1/users/two_factor/verify, then retry). API
 * keys pass: they are no person's sign-in and the rules for keys (api-key-rules.ts) apply to
 * them. A person without any factor has nothing to prove and passes too.
 */
export const requireFreshFactor = (db: Db) =>
  async function requireFreshFactor(request: FastifyRequest): Promise<void> {
    const auth = request.auth;
    if (!auth || auth.api_key_id) return;
    const person = auth.actor ?? auth.user;
    if (!person.two_factor_at) return;
    const [session] = await db.select({ at: sessions.factor_verified_at }).from(sessions).where(eq(sessions.id, auth.session_id));
    if (session?.at && Date.now() - session.at.getTime() < freshWindowMs) return;
    throw new AppError('forbidden', twoFactorMessages.freshFactor, { details: { fresh_factor_required: true } });
  };

/**
 * The organisation's rule: a staff member without a second factor is refused everything but
 * enrolling (403, two_factor_enrolment_required). Costs a query only for staff without a factor.
 */
async function requireEnrolment(db: Db, request: FastifyRequest, routeKey: string): Promise<void> {
  const auth = request.auth;
  if (!auth || auth.api_key_id || request.routeOptions.config.isPublic || BEFORE_ENROLMENT.has(routeKey)) return;
  const person = auth.actor ?? auth.user;
  if (person.is_external || person.two_factor_at) return;
  const [org] = await db.select({ required: orgs.require_two_factor }).from(orgs).where(eq(orgs.id, person.org_id));
  if (org?.required) throw new AppError('forbidden', twoFactorMessages.requiredByOrg, { details: { two_factor_enrolment_required: true } });
}

/** Both rules, as a preHandler after the caller is known and the body validated. */
export function registerTwoFactorRules(app: FastifyInstance, db: Db): void {
  const freshFactor = requireFreshFactor(db);
  app.addHook('preHandler', async (request) => {
    const routeUrl = request.routeOptions.url;
    if (!routeUrl) return;
    await requireEnrolment(db, request, `${request.method} ${routeUrl}`);
    const rule = FRESH_FACTOR_RULES.find((candidate) => candidate.method === request.method && candidate.url === routeUrl);
    if (rule && (!rule.when || rule.when(request.body))) await freshFactor(request);
  });
}
