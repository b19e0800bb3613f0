import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { searchAnswer, searchQuery } from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import { requireStaff } from '../../plugins/auth.ts';
import { errorResponses } from '../../lib/schemas.ts';
import { searchOrg } from './queries.ts';
import { STAFF } from '../../plugins/route-policy.ts';

export const searchRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/search',
      {
        config: { policy: { who: STAFF, apiKey: 'read' } },
        schema: {
          tags: ['Search'],
          summary: "Find the organisation's creators, payments, invoices, campaigns and contracts by name, email, amount or reference",
          querystring: searchQuery,
          response: { 200: searchAnswer, ...errorResponses },
        },
      },
      async (request) => ({ results: await searchOrg(deps.db, { org_id: requireStaff(request).org_id, q: request.query.q }) }),
    );
  };
