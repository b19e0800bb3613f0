import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { billingRecord, collectedFeesPage, collectedFeesQuery } from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import { requireStaff } from '../../plugins/auth.ts';
import { errorResponses } from '../../lib/schemas.ts';
import { listCollectedFees } from './collected-fees.ts';
import { resumePlan, schedulePlanChange } from './plan-changes.ts';
import { findBilling } from './status.ts';
import { MANAGERS, OWNER } from '../../plugins/route-policy.ts';

const tags = ['Billing'];

/** What Crewpay charges the organisation: owners and admins read it, as the Billing tab; only owners change the plan. */
export const billingRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/billing',
      {
        config: { policy: { who: MANAGERS, apiKey: 'read' } },
        schema: {
          tags,
          summary: "The organization's plan, price, next billing date and what it owes",
          response: { 200: billingRecord, ...errorResponses },
        },
      },
      async (request) => findBilling(deps.db, requireStaff(request, ['owner', 'admin']).org_id),
    );

    // Changing what the organisation pays for is the owner's decision; API keys are refused (no write scope opens /v1/billing).
    const planChanges = [
      ['/billing/downgrade', 'Move to the free plan at the end of the billing period', 'downgrade'],
      ['/billing/cancel', 'End the Premium plan at the end of the billing period', 'cancel'],
    ] as const;
    for (const [url, summary, change] of planChanges) {
      app.post(
        url,
        {
          config: { policy: { who: OWNER, apiKey: 'none' } },
          schema: { tags, summary, response: { 200: billingRecord, ...errorResponses } },
        },
        async (request) => schedulePlanChange(deps.db, requireStaff(request, ['owner']).org_id, change),
      );
    }

    app.post(
      '/billing/resume',
      {
        config: { policy: { who: OWNER, apiKey: 'none' } },
        schema: {
          tags,
          summary: 'Keep the Premium plan: undo a scheduled downgrade or cancel',
          response: { 200: billingRecord, ...errorResponses },
        },
      },
      async (request) => resumePlan(deps.db, requireStaff(request, ['owner']).org_id),
    );

    app.get(
      '/collected_fees',
      {
        config: { policy: { who: MANAGERS, apiKey: 'read' } },
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
