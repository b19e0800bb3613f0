import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  campaignDetail,
  campaignExportQuery,
  campaignPage,
  campaignProfit,
  campaignReport,
  createCampaignBody,
  listCampaignsQuery,
  updateCampaignBody,
} from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import { requireStaff } from '../../plugins/auth.ts';
import { errorResponses, idParams } from '../../lib/schemas.ts';
import { campaignsCsv } from './csv.ts';
import { allCampaigns, listCampaigns } from './list.ts';
import { campaignProfitOf, campaignReportCsv, campaignReportOf } from './profit.ts';
import { createCampaign, getCampaignDetail, updateCampaign } from './service.ts';
import { STAFF } from '../../plugins/route-policy.ts';

const tags = ['Campaigns'];

/** Staff (owner, admin, team member) manage campaigns; executing their payments is PUT /v1/payments/initiate (owner, admin). */
export const campaignRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/campaigns',
      {
        config: { policy: { who: STAFF, apiKey: 'read' } },
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
      '/campaigns/export',
      {
        config: { policy: { who: STAFF, apiKey: 'read' } },
        schema: {
          tags,
          summary: 'campaigns_list.csv of the filtered list, every row of the tab (formula-like cells escaped)',
          querystring: campaignExportQuery,
        },
      },
      async (request, reply) => {
        const chunks = allCampaigns(deps.db, { org_id: requireStaff(request).org_id, ...request.query });
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="campaigns_list.csv"')
          .header('cache-control', 'private, no-store')
          .send(Readable.from(campaignsCsv(chunks)));
      },
    );

    app.get(
      '/campaigns/:id',
      {
        config: { policy: { who: STAFF, apiKey: 'read' } },
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
        config: { policy: { who: STAFF, apiKey: 'campaigns:write' } },
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
        config: { policy: { who: STAFF, apiKey: 'campaigns:write' } },
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

    app.get(
      '/campaigns/:id/profit',
      {
        config: { policy: { who: STAFF, apiKey: 'read' } },
        schema: {
          tags,
          summary: "The campaign's deal size, invoiced, collected, paid out, fees, refunds, disputes and margin, from the ledger",
          params: idParams,
          response: { 200: campaignProfit, ...errorResponses },
        },
      },
      async (request) => campaignProfitOf(deps.db, { org_id: requireStaff(request).org_id, id: request.params.id }),
    );

    app.get(
      '/reports/campaigns',
      {
        config: { policy: { who: STAFF, apiKey: 'read' } },
        schema: { tags, summary: 'Campaigns by margin, highest first (bounded)', response: { 200: campaignReport, ...errorResponses } },
      },
      async (request) => campaignReportOf(deps.db, requireStaff(request).org_id),
    );

    app.get(
      '/reports/campaigns/export',
      {
        config: { policy: { who: STAFF, apiKey: 'read' } },
        schema: { tags, summary: 'campaigns_report.csv (formula-like cells escaped)' },
      },
      async (request, reply) => {
        const report = await campaignReportOf(deps.db, requireStaff(request).org_id);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="campaigns_report.csv"')
          .header('cache-control', 'private, no-store')
          .send(campaignReportCsv(report));
      },
    );
  };
