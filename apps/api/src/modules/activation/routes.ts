import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { businessBody, orgRecord, representativeBody } from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import { requireStaff } from '../../plugins/auth.ts';
import { errorResponses } from '../../lib/schemas.ts';
import { toOrgRecord } from '../orgs/index.ts';
import { submitBusiness, submitRepresentative } from './service.ts';

const tags = ['Activation'];

export const activationRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/org/owner',
      {
        schema: {
          tags,
          summary: 'Activation step 1 of 2: the business representative',
          body: representativeBody,
          response: { 200: orgRecord, ...errorResponses },
        },
      },
      async (request) => {
        const user = requireStaff(request, ['owner', 'admin']);
        return toOrgRecord(await submitRepresentative(deps, { org_id: user.org_id, body: request.body }));
      },
    );

    app.post(
      '/org/business',
      {
        schema: {
          tags,
          summary: 'Activation step 2 of 2: the business (opens the wallet)',
          body: businessBody,
          response: { 200: orgRecord, ...errorResponses },
        },
      },
      async (request) => {
        const user = requireStaff(request, ['owner', 'admin']);
        return toOrgRecord(await submitBusiness(deps, { org_id: user.org_id, body: request.body }));
      },
    );
  };
