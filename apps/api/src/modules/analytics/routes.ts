import { z } from 'zod';
import { analyticsBatch, reportPath } from '@crewpay/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { analyticsEvents } from '../../db/schema/index.ts';
import { newId } from '../../lib/ids.ts';
import { errorResponses } from '../../lib/schemas.ts';
import { withinAnalyticsCaps } from './caps.ts';

/**
 * Product analytics (the spec's "page views and events"), when ANALYTICS_ENABLED is set: the
 * browser's batches are stored in our own table and nowhere else. Unset, the route does not
 * exist (404) and the web app sends nothing (GET /v1/meta says so). Open to anyone, signed in or
 * not (the sign-in page is a page too), so it keeps only an event's name, its page pattern and
 * when it came: no session, organisation, address or user agent. Capped per address and for
 * everyone (caps.ts); older events are purged daily (jobs.ts).
 */
export const analyticsRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    if (!deps.config.analyticsEnabled) return;
    app.post(
      '/analytics_events',
      {
        config: { policy: { who: 'public', apiKey: 'none' } },
        bodyLimit: 8 * 1024,
        schema: {
          summary: 'Record page views and product events (ANALYTICS_ENABLED): names and page patterns only, nothing about who',
          body: analyticsBatch,
          response: { 204: z.null().describe('Recorded'), ...errorResponses },
        },
      },
      async (request, reply) => {
        // The pattern check already refuses anything but a route pattern; reportPath also turns a
        // segment that looks like an id or a link token (the browser's word) into :id.
        const rows = request.body.events.map((event) => ({ id: newId(), name: event.name, page: reportPath(event.page) }));
        if (await withinAnalyticsCaps(deps.db, request.ip, rows.length)) await deps.db.insert(analyticsEvents).values(rows);
        return reply.status(204).send(null);
      },
    );
  };
