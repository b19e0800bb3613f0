import type { FastifyInstance, FastifyRequest } from 'fastify';
import { loggableError } from '../../lib/log-safe.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { fieldNames, touches, type AuditDetails } from '../../plugins/route-policy.ts';
import { recordAudit } from './service.ts';

const uuidOf = (value: unknown): string | null =>
  typeof value === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value) ? value : null;

/** The route's audit action for this request, when its policy names one and its body rule (if any) applies. */
function auditedAction(request: FastifyRequest) {
  const audit = request.routeOptions.config.policy?.audit;
  return audit && touches(audit.when, request.body) ? audit : null;
}

async function writeRouteAudit(
  tx: DbOrTx,
  request: FastifyRequest,
  statusCode: number,
  extra: AuditDetails = {},
  amount?: number,
): Promise<void> {
  const audit = auditedAction(request);
  const auth = request.auth;
  // A request made while acting as someone is already recorded, with both users, by the acting hook.
  if (!audit || !auth || auth.user.is_external || request.auditId || request.auditRecorded) return;
  const params = (request.params ?? {}) as Record<string, unknown>;
  await recordAudit(tx, {
    org_id: auth.user.org_id,
    actor_user_id: auth.user.id,
    user_id: auth.user.id,
    action: audit.action,
    // Refused requests are recorded too, their params never validated: only an id is kept.
    target_id: uuidOf(params.id) ?? uuidOf(params.key),
    target_type: audit.target ?? null,
    amount: amount ?? null,
    status_code: statusCode,
    details: {
      ...(audit.details ? audit.details(request) : fieldNames(request.body)),
      ...extra,
      ...(auth.api_key_id ? { api_key_id: auth.api_key_id } : {}),
    },
  });
  request.auditRecorded = true;
}

/**
 * Records each request whose route policy names an audit action, with its outcome. A route with a
 * transaction writes it there (request.recordAudit(tx)), so the row commits with the change;
 * otherwise (and for refusals: a 403 says someone tried) it is written as the answer is about to
 * go out, so a client that got its answer finds the entry already there. An API key's request is
 * recorded with the key's id in the details.
 */
export function registerActionAudit(app: FastifyInstance, db: Db): void {
  app.decorateRequest('auditRecorded', false);
  app.decorateRequest('recordAudit', function recordRouteAudit(this: FastifyRequest, tx: DbOrTx, extra?: AuditDetails, amount?: number) {
    return writeRouteAudit(tx, this, 200, extra, amount);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    // An error answer after a row written in the route's transaction: that transaction rolled back with it.
    if (reply.statusCode >= 400) request.auditRecorded = false;
    try {
      if (!request.auditRecorded) await writeRouteAudit(db, request, reply.statusCode);
    } catch (error) {
      // The answer is already decided: a failing audit insert must not replace it. An error here
      // would reach Fastify's fallback handler, which answers with the error's own text (the SQL).
      request.log.error({ error: loggableError(error), request_id: request.id }, 'audit of a staff request failed');
    }
    return payload;
  });
}
