import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { listOutbox } from '../email/outbox.ts';
import { renderOutboxPage } from './outbox-page.ts';

const outboxQuery = z.object({ limit: z.coerce.number().int().min(1).max(1000).default(200) });

/** Sandbox-only tools (registered only when SANDBOX is on). */
export const devRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/outbox', { config: { isPublic: true }, schema: { hide: true, querystring: outboxQuery } }, async (request, reply) => {
      const emails = await listOutbox(deps.db, { limit: request.query.limit });
      if (request.headers.accept?.includes('application/json')) {
        return emails.map((email) => ({
          id: email.id,
          to: email.to,
          subject: email.subject,
          text: email.text,
          links: email.links,
          status: email.status,
          created_at: email.created_at.toISOString(),
        }));
      }
      return reply.type('text/html').send(renderOutboxPage(emails));
    });
  };
