import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { listOutbox } from '../email/index.ts';
import { renderOutboxPage } from './outbox-page.ts';
import { advanceSandboxClock, sandboxNow, sandboxOffsetSeconds } from '../clock/index.ts';
import { processDueProviderEvents, settleDueProviderCalls } from '../provider-calls/index.ts';

const clockAnswer = z.object({ now: z.string(), offset_seconds: z.number(), processed_events: z.number().optional() });
const advanceBody = z.object({
  seconds: z
    .number()
    .int()
    .min(1)
    .max(365 * 86_400),
});

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

    app.get('/clock', { config: { isPublic: true }, schema: { hide: true, response: { 200: clockAnswer } } }, async () => ({
      now: (await sandboxNow(deps.db)).toISOString(),
      offset_seconds: await sandboxOffsetSeconds(deps.db),
    }));

    /**
     * Moves sandbox time forward for everyone (the provider calls already due are made first, as
     * they would have been meanwhile), then the sandbox providers send the webhooks that became due.
     */
    app.post(
      '/clock/advance',
      { config: { isPublic: true }, schema: { hide: true, body: advanceBody, response: { 200: clockAnswer } } },
      async (request) => {
        await settleDueProviderCalls(deps);
        const now = await advanceSandboxClock(deps.db, request.body.seconds);
        const processed = await processDueProviderEvents(deps);
        return { now: now.toISOString(), offset_seconds: await sandboxOffsetSeconds(deps.db), processed_events: processed };
      },
    );
  };
