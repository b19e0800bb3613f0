import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { completeAudit, recordAudit } from './service.ts';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyRequest {
    auditId: string | null;
  }
}

/**
 * Every request made while acting as another user, reads as well as writes (what was seen of
 * someone's account matters as much as what was changed), is recorded with both users. The row
 * is written before the handler runs (if it cannot be written, the request does not happen) and
 * completed with the answer's status once the response is sent, so refused attempts are recorded
 * too. Registered after the auth plugin, whose preHandler resolves who is acting.
 */
export function registerActingAudit(app: FastifyInstance, db: Db): void {
  app.decorateRequest('auditId', null);
  app.addHook('preHandler', async (request) => {
    const auth = request.auth;
    if (!auth?.actor || !request.routeOptions.url) return;
    const params = (request.params ?? {}) as Record<string, unknown>;
    const targetId = typeof params.id === 'string' ? params.id : null;
    request.auditId = await recordAudit(db, {
      org_id: auth.actor.org_id,
      actor_user_id: auth.actor.id,
      user_id: auth.user.id,
      action: `${request.method} ${request.routeOptions.url}`,
      target_id: targetId,
    });
  });
  app.addHook('onResponse', async (request, reply) => {
    if (request.auditId) await completeAudit(db, request.auditId, reply.statusCode);
  });
}
