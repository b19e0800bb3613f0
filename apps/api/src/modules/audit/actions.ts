import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db, DbOrTx } from '../../db/client.ts';
import { fieldNames, touches, type AuditDetails } from '../../plugins/route-policy.ts';
import { recordAudit } from './service.ts';

/** The route's audit action for this request, when its policy names one and its body rule (if any) applies. */
function auditedAction(request: FastifyRequest) {
  const audit = request.routeOptions.config.policy?.audit;
  return audit && touches(audit.when, request.body) ? audit : null;
}

async function writeRouteAudit(tx: DbOrTx, request: FastifyRequest, statusCode: number, extra: AuditDetails = {}): Promise<void> {
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
    target_id: typeof params.id === 'string' ? params.id : typeof params.key === 'string' ? params.key : null,
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
  app.decorateRequest('recordAudit', function recordRouteAudit(this: FastifyRequest, tx: DbOrTx, extra?: AuditDetails) {
    return writeRouteAudit(tx, this, 200, extra);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    // An error answer after a row written in the route's transaction: that transaction rolled back with it.
    if (reply.statusCode >= 400) request.auditRecorded = false;
    if (!request.auditRecorded) await writeRouteAudit(db, request, reply.statusCode);
    return payload;
  });
}
