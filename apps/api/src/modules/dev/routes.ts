import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { findOutboxEmail, listOutbox } from '../email/index.ts';
import { renderOutboxPage } from './outbox-page.ts';
import { renderSmsPage } from './sms-page.ts';
import { recentSms, smsReason } from '../sms/index.ts';
import { advanceSandboxClock, sandboxNow, sandboxOffsetSeconds } from '../../lib/clock.ts';
import { runClockWork } from '../../events/dispatcher.ts';
import { processDueProviderEvents, settleDueProviderCalls } from '../provider-calls/index.ts';

const clockAnswer = z.object({ now: z.string(), offset_seconds: z.number(), processed_events: z.number().optional() });
const advanceBody = z.object({
  seconds: z
    .number()
    .int()
    .min(1)
    .max(365 * 86_400),
});

// `to`: one person's mail, however much else a busy sandbox sent since (a bulk execution emails every payee).
const outboxQuery = z.object({ limit: z.coerce.number().int().min(1).max(1000).default(200), to: z.string().max(320).optional() });

/** Sandbox-only tools (registered only when SANDBOX is on). */
export const devRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/outbox', { config: { isPublic: true }, schema: { hide: true, querystring: outboxQuery } }, async (request, reply) => {
      const emails = await listOutbox(deps.db, { limit: request.query.limit, to: request.query.to });
      if (request.headers.accept?.includes('application/json')) {
        return emails.map((email) => ({
          id: email.id,
          to: email.to,
          subject: email.subject,
          text: email.text,
          links: email.links,
          attachments: email.attachments.map((file, index) => ({
            filename: file.filename,
            content_type: file.content_type,
            url: `/dev/outbox/${email.id}/attachments/${index}`,
          })),
          status: email.status,
          created_at: email.created_at.toISOString(),
        }));
      }
      return reply.type('text/html').send(renderOutboxPage(emails));
    });

    // A sandbox email's attachment (a tax form), as a mail client would open it.
    app.get(
      '/outbox/:id/attachments/:index',
      {
        config: { isPublic: true },
        schema: { hide: true, params: z.object({ id: z.uuid({ error: 'Not found' }), index: z.coerce.number().int().min(0).max(100) }) },
      },
      async (request, reply) => {
        const file = (await findOutboxEmail(deps.db, request.params.id))?.attachments[request.params.index];
        if (!file) return reply.code(404).send({ message: 'Not found', code: 'not_found' });
        return reply
          .type(file.content_type)
          .header('content-disposition', `inline; filename="${file.filename.replace(/[^\w.-]/g, '_')}"`)
          .send(Buffer.from(file.content_base64, 'base64'));
      },
    );

    app.get('/sms', { config: { isPublic: true }, schema: { hide: true, querystring: outboxQuery } }, async (request, reply) => {
      const messages = await recentSms(deps.db, request.query.limit);
      if (request.headers.accept?.includes('application/json'))
        return messages.map((sms) => ({
          id: sms.id,
          to: sms.to,
          body: sms.body,
          status: sms.status,
          // Why it was not sent (or not delivered), in words; null when it went.
          reason: smsReason(sms.error),
          created_at: sms.created_at.toISOString(),
        }));
      return reply.type('text/html').send(renderSmsPage(messages));
    });

    app.get('/clock', { config: { isPublic: true }, schema: { hide: true, response: { 200: clockAnswer } } }, async () => ({
      now: (await sandboxNow(deps.db)).toISOString(),
      offset_seconds: await sandboxOffsetSeconds(deps.db),
    }));

    /**
     * Moves sandbox time forward for everyone (the provider calls already due are made first, as
     * they would have been meanwhile), then the sandbox providers send the webhooks that became
     * due, and the once-a-minute jobs' work that became due runs now (the modules declare it as clock work).
     */
    app.post(
      '/clock/advance',
      { config: { isPublic: true }, schema: { hide: true, body: advanceBody, response: { 200: clockAnswer } } },
      async (request) => {
        await settleDueProviderCalls(deps);
        const now = await advanceSandboxClock(deps.db, request.body.seconds);
        const processed = await processDueProviderEvents(deps);
        await runClockWork(deps);
        return { now: now.toISOString(), offset_seconds: await sandboxOffsetSeconds(deps.db), processed_events: processed };
      },
    );
  };
