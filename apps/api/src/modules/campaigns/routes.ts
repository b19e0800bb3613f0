import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { campaignDetail, campaignPage, createCampaignBody, listCampaignsQuery, updateCampaignBody } from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import { requireStaff } from '../../plugins/auth.ts';
import { errorResponses, idParams } from '../../lib/schemas.ts';
import { listCampaigns } from './list.ts';
import { createCampaign, getCampaignDetail, updateCampaign } from './service.ts';

const tags = ['Campaigns'];

/** Staff (owner, admin, team member) manage campaigns; executing their payments is PUT /v1/payments/initiate (owner, admin). */
export const campaignRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/campaigns',
      {
        schema: {
          tags,
          summary: 'Campaigns, a page of a tab (archived=true: only archived ones)',
          querystring: listCampaignsQuery,
          response: { 200: campaignPage, ...errorResponses },
        },
      },
      async (request) => listCampaigns(deps.db, { org_id: requireStaff(request).org_id, ...request.query }),
    );

    app.get(
      '/campaigns/:id',
      {
        schema: {
          tags,
          summary: 'One campaign with its overview figures',
          params: idParams,
          response: { 200: campaignDetail, ...errorResponses },
        },
      },
      async (request) => getCampaignDetail(deps.db, { org_id: requireStaff(request).org_id, id: request.params.id }),
    );

    app.post(
      '/campaigns',
      {
        schema: {
          tags,
          summary: 'Create a campaign (General step)',
          body: createCampaignBody,
          response: { 200: campaignDetail, ...errorResponses },
        },
      },
      async (request) => createCampaign(deps.db, { org_id: requireStaff(request).org_id, body: request.body }),
    );

    app.put(
      '/campaigns/:id',
      {
        schema: {
          tags,
          summary: 'Update a campaign (fields left out are unchanged; campaign_status from the details card)',
          params: idParams,
          body: updateCampaignBody,
          response: { 200: campaignDetail, ...errorResponses },
        },
      },
      async (request) => updateCampaign(deps.db, { org_id: requireStaff(request).org_id, id: request.params.id, body: request.body }),
    );
  };
