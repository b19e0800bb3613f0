import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { billingRecord, collectedFeesPage, collectedFeesQuery } from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import { requireStaff } from '../../plugins/auth.ts';
import { errorResponses } from '../../lib/schemas.ts';
import { listCollectedFees } from './collected-fees.ts';
import { findBilling } from './status.ts';

const tags = ['Billing'];

/** What Crewpay charges the organisation: owners and admins only, as the Billing tab. */
export const billingRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/billing',
      {
        schema: {
          tags,
          summary: "The organization's plan, price, next billing date and what it owes",
          response: { 200: billingRecord, ...errorResponses },
        },
      },
      async (request) => findBilling(deps.db, requireStaff(request, ['owner', 'admin']).org_id),
    );

    app.get(
      '/collected_fees',
      {
        schema: {
          tags,
          summary: 'Fees Crewpay collected from the organization (server paged)',
          querystring: collectedFeesQuery,
          response: { 200: collectedFeesPage, ...errorResponses },
        },
      },
      async (request) => listCollectedFees(deps.db, { org_id: requireStaff(request, ['owner', 'admin']).org_id, ...request.query }),
    );
  };
