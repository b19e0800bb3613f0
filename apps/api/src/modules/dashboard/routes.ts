import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cashflowAnswer, cashflowQuery, dashboardAnswer, todoListQuery, todoPage } from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import { requireStaff } from '../../plugins/auth.ts';
import { errorResponses } from '../../lib/schemas.ts';
import { cashflowBuckets } from '../ledger/index.ts';
import { dashboardFor, listTodos } from './service.ts';
import { STAFF } from '../../plugins/route-policy.ts';

const tags = ['Dashboard'];

/** The home dashboard's figures, for every member of the organisation's staff. */
export const dashboardRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/dashboard',
      {
        config: { policy: { who: STAFF, apiKey: 'read' } },
        schema: {
          tags,
          summary: 'Balance, draft payments, creators count and to-do items',
          response: { 200: dashboardAnswer, ...errorResponses },
        },
      },
      async (request) => dashboardFor(deps.db, requireStaff(request).org_id),
    );

    app.get(
      '/dashboard/todos',
      {
        config: { policy: { who: STAFF, apiKey: 'read' } },
        schema: {
          tags,
          summary: "One kind of to-do, newest first, a page at a time (Home's See all)",
          querystring: todoListQuery,
          response: { 200: todoPage, ...errorResponses },
        },
      },
      async (request) => listTodos(deps.db, requireStaff(request).org_id, request.query),
    );

    app.get(
      '/dashboard/cashflow',
      {
        config: { policy: { who: STAFF, apiKey: 'read' } },
        schema: {
          tags,
          summary: 'Money in and out per week or month over the last 12 months, from the ledger',
          querystring: cashflowQuery,
          response: { 200: cashflowAnswer, ...errorResponses },
        },
      },
      async (request) => {
        const orgId = requireStaff(request).org_id;
        const { interval } = request.query;
        return { interval, buckets: await cashflowBuckets(deps.db, orgId, { interval }) };
      },
    );
  };
