import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { customerPortalAccess } from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import { requireStaff } from '../../plugins/auth.ts';
import { errorResponses, idParams } from '../../lib/schemas.ts';
import { getCustomerPortalAccess, inviteCustomerToPortal } from './portal-access.ts';
import { STAFF } from '../../plugins/route-policy.ts';

const tags = ['Customers'];

/** A customer's portal login: staff of the customer's organisation see it and send the invitation. */
export const customerPortalAccessRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/customers/:id/portal_access',
      {
        config: { policy: { who: STAFF, apiKey: 'read' } },
        schema: {
          tags,
          summary: 'Whether the customer has a portal login',
          params: idParams,
          response: { 200: customerPortalAccess, ...errorResponses },
        },
      },
      async (request) => getCustomerPortalAccess(deps.db, { org_id: requireStaff(request).org_id, id: request.params.id }),
    );

    app.post(
      '/customers/:id/portal_invite',
      {
        config: { policy: { who: STAFF, apiKey: 'customers:write' } },
        schema: {
          tags,
          summary: 'Invite the customer to the portal (emails a link to choose a password)',
          params: idParams,
          response: { 200: customerPortalAccess, ...errorResponses },
        },
      },
      async (request) => inviteCustomerToPortal(deps, { org_id: requireStaff(request).org_id, id: request.params.id }),
    );
  };
