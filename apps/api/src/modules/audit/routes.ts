import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditExportQuery, auditLogPage, auditLogQuery } from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import { errorResponses } from '../../lib/schemas.ts';
import { requireStaff } from '../../plugins/auth.ts';
import { auditLogCsv } from './csv.ts';
import { allAuditEntries, listAuditLog } from './queries.ts';
import { MANAGERS } from '../../plugins/route-policy.ts';
import { timelineRoutes } from './timeline-routes.ts';

const tags = ['Audit log'];

/** Settings > Audit log: who did what in the organisation, for its owners and admins only. */
export const auditRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const orgOf = (request: Parameters<typeof requireStaff>[0]) => requireStaff(request, ['owner', 'admin']).org_id;
    // Each object's timeline is read from the audit log and the object's own steps.
    await app.register(timelineRoutes(deps));

    app.get(
      '/audit_log',
      {
        config: { policy: { who: MANAGERS, apiKey: 'people_only' } },
        schema: {
          tags,
          summary: "A page of the organisation's audit log, newest first",
          querystring: auditLogQuery,
          response: { 200: auditLogPage, ...errorResponses },
        },
      },
      async (request) => listAuditLog(deps.db, orgOf(request), request.query),
    );

    app.get(
      '/audit_log/export',
      {
        config: { policy: { who: MANAGERS, apiKey: 'people_only' } },
        schema: { tags, summary: 'audit_log.csv of the filtered entries (formula-like cells escaped)', querystring: auditExportQuery },
      },
      async (request, reply) => {
        const chunks = allAuditEntries(deps.db, orgOf(request), request.query);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="audit_log.csv"')
          .header('cache-control', 'private, no-store')
          .send(Readable.from(auditLogCsv(chunks)));
      },
    );
  };
