import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  campaignSplitDeleted,
  campaignSplitList,
  campaignSplitMessages,
  campaignSplitRecord,
  createCampaignSplitBody,
  updateCampaignSplitBody,
  loginAsMessages,
} from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import { requireStaff } from '../../plugins/auth.ts';
import { errorResponses, idParams } from '../../lib/schemas.ts';
import { createCampaignSplit, deleteCampaignSplit, listCampaignSplits, updateCampaignSplit } from './campaign-splits.ts';
import { STAFF, moneyAct } from '../../plugins/route-policy.ts';

const tags = ['Creators'];
const splitParams = idParams.extend({ splitId: z.uuid({ error: campaignSplitMessages.notFound }) });

/**
 * The creator profile's campaign split editor: a split per campaign beside the creator's default.
 * Staff only (team members too: splits are commercial terms, as the default split is), always
 * within the caller's organisation.
 */
export const campaignSplitRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/creators/:id/campaign_splits',
      {
        config: { policy: { who: STAFF, apiKey: 'read' } },
        schema: {
          tags,
          summary: "A creator's splits per campaign",
          params: idParams,
          response: { 200: campaignSplitList, ...errorResponses },
        },
      },
      async (request) => ({
        data: await listCampaignSplits(deps.db, { org_id: requireStaff(request).org_id, creator_id: request.params.id }),
      }),
    );

    app.post(
      '/creators/:id/campaign_splits',
      {
        config: {
          policy: moneyAct({
            who: STAFF,
            acting: loginAsMessages.noPayoutDetails,
            audit: { action: 'payee_split.change', target: 'creator' },
            money: { kind: 'routes', act: "A creator's split for one campaign (the share paid to their agent or manager)" },
          }),
        },
        schema: {
          tags,
          summary: "Set a creator's split for one campaign",
          params: idParams,
          body: createCampaignSplitBody,
          response: { 200: campaignSplitRecord, ...errorResponses },
        },
      },
      async (request) =>
        createCampaignSplit(deps.db, { org_id: requireStaff(request).org_id, creator_id: request.params.id, body: request.body }),
    );

    app.put(
      '/creators/:id/campaign_splits/:splitId',
      {
        config: {
          policy: moneyAct({
            who: STAFF,
            acting: loginAsMessages.noPayoutDetails,
            audit: { action: 'payee_split.change', target: 'creator' },
            money: { kind: 'routes', act: "A creator's split for one campaign (the share paid to their agent or manager)" },
          }),
        },
        schema: {
          tags,
          summary: "Change a creator's split for one campaign (percents left out are unchanged)",
          params: splitParams,
          body: updateCampaignSplitBody,
          response: { 200: campaignSplitRecord, ...errorResponses },
        },
      },
      async (request) =>
        updateCampaignSplit(deps.db, {
          org_id: requireStaff(request).org_id,
          creator_id: request.params.id,
          id: request.params.splitId,
          body: request.body,
        }),
    );

    app.delete(
      '/creators/:id/campaign_splits/:splitId',
      {
        config: {
          policy: moneyAct({
            who: STAFF,
            acting: loginAsMessages.noPayoutDetails,
            audit: { action: 'payee_split.change', target: 'creator' },
            money: { kind: 'routes', act: "A creator's split for one campaign (the share paid to their agent or manager)" },
          }),
        },
        schema: {
          tags,
          summary: "Remove a creator's split for one campaign (its payments use the default again)",
          params: splitParams,
          response: { 200: campaignSplitDeleted, ...errorResponses },
        },
      },
      async (request) => {
        const scope = { org_id: requireStaff(request).org_id, creator_id: request.params.id, id: request.params.splitId };
        await deleteCampaignSplit(deps.db, scope);
        return { message: campaignSplitMessages.removed, id: scope.id };
      },
    );
  };
