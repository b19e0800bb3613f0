import type { FastifyInstance, FastifyRequest } from 'fastify';
import { staffRoles, type AuditAction } from '@crewpay/core';
import { loggableError } from '../../lib/log-safe.ts';
import type { Db } from '../../db/client.ts';
import { recordAudit } from './service.ts';

type Details = Record<string, string | number | boolean | null>;

/** Which request bodies' facts are kept: field names and plain figures, never their values (personal data). */
const fieldNames = (body: unknown): Details => {
  const fields = body && typeof body === 'object' ? Object.keys(body).sort() : [];
  return { fields: fields.join(',') };
};

/**
 * The role a body names, when it is one: the audit runs on refused requests too, whose body was
 * never validated (a role holding a NUL once failed the insert and answered a 500 with its SQL).
 */
const knownRole = (role: unknown): string | null =>
  typeof role === 'string' && (staffRoles as readonly string[]).includes(role) ? role : null;

const uuidOf = (value: unknown): string | null =>
  typeof value === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value) ? value : null;

/**
 * The staff requests the audit log names, by route. The rest (sign-ins, login-as, payout detail
 * changes) are recorded where they happen, in the transaction that makes them.
 */
const ROUTE_ACTIONS: Record<string, { action: AuditAction; details: (request: FastifyRequest) => Details }> = {
  'PUT /v1/payments/initiate': {
    action: 'payments.execute',
    details: (request) => {
      const ids = (request.body as { ids?: unknown } | null)?.ids;
      return { requested: Array.isArray(ids) ? ids.length : 0 };
    },
  },
  'POST /v1/org_api_token': { action: 'api_key.create', details: () => ({}) },
  'DELETE /v1/org_api_token/:key': { action: 'api_key.revoke', details: () => ({}) },
  'POST /v1/users': {
    action: 'member.invite',
    details: (request) => ({ role: knownRole((request.body as { role?: unknown } | null)?.role) ?? '' }),
  },
  'PUT /v1/users/:id': {
    action: 'member.update',
    details: (request) => {
      const role = knownRole((request.body as { role?: unknown } | null)?.role);
      return { ...fieldNames(request.body), ...(role ? { role } : {}) };
    },
  },
  'DELETE /v1/users/:id': { action: 'member.remove', details: () => ({}) },
};

/**
 * Records each named staff request with its outcome (refusals too: a 403 says someone tried) as
 * the answer is about to go out, so a client that got its answer finds the entry already there.
 * An API key's request is recorded with the key's id in the details.
 */
export function registerActionAudit(app: FastifyInstance, db: Db): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const named = ROUTE_ACTIONS[`${request.method} ${request.routeOptions.url ?? ''}`];
    const auth = request.auth;
    // A request made while acting as someone is already recorded, with both users, by the acting hook.
    if (!named || !auth || auth.user.is_external || request.auditId) return payload;
    const params = (request.params ?? {}) as Record<string, unknown>;
    try {
      await recordAudit(db, {
        org_id: auth.user.org_id,
        actor_user_id: auth.user.id,
        user_id: auth.user.id,
        action: named.action,
        target_id: uuidOf(params.id) ?? uuidOf(params.key),
        status_code: reply.statusCode,
        details: { ...named.details(request), ...(auth.api_key_id ? { api_key_id: auth.api_key_id } : {}) },
      });
    } catch (error) {
      // The answer is already decided: a failing audit insert must not replace it. An error here
      // would reach Fastify's fallback handler, which answers with the error's own text (the SQL).
      request.log.error({ error: loggableError(error), request_id: request.id }, 'audit of a staff request failed');
    }
    return payload;
  });
}
