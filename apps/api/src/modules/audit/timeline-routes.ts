import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { timelinePage, timelineQuery, type TimelineKind } from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import { errorResponses, idParams } from '../../lib/schemas.ts';
import { requireStaff } from '../../plugins/auth.ts';
import { STAFF } from '../../plugins/route-policy.ts';
import { readTimeline } from './timeline.ts';

const PATHS: Record<TimelineKind, string> = { payment: 'payments', invoice: 'invoices', contract: 'contracts', creator: 'creators' };

/**
 * An object's timeline, for whoever may read the object (every staff member, API keys with read):
 * who created, edited, executed, approved, rejected, released, canceled it, and why (an approver's
 * reason to owners and admins only, as the Approvals inbox).
 */
export const timelineRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    for (const [kind, path] of Object.entries(PATHS) as [TimelineKind, string][])
      app.get(
        `/${path}/:id/timeline`,
        {
          config: { policy: { who: STAFF, apiKey: 'read' } },
          schema: {
            tags: ['Timelines'],
            summary: `A ${kind}'s timeline, oldest first: who did what to it, when, and why`,
            params: idParams,
            querystring: timelineQuery,
            response: { 200: timelinePage, ...errorResponses },
          },
        },
        async (request) => readTimeline(deps.db, requireStaff(request), kind, request.params.id, request.query),
      );
  };
