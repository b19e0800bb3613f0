import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { campaignReleases, campaignReleasesQuery, paymentReleaseAnswer, paymentReleaseMessages, loginAsMessages } from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import { requireStaff } from '../../plugins/auth.ts';
import { errorResponses, idParams } from '../../lib/schemas.ts';
import { listCampaignReleases } from './campaign-releases.ts';
import { markReleaseWhenPaid, releaseOf, unmarkRelease } from './releases.ts';
import { STAFF, MANAGERS, moneyAct } from '../../plugins/route-policy.ts';

const tags = ['Payments'];

/**
 * "Release when paid" of an invoice's funded payments, by the invoice's id. Marking it is the
 * organisation's approval to execute them later: owners and admins only, never an API key (the
 * path lies outside every key's write area) nor an acting session (plugins/acting-rules.ts).
 */
export const paymentReleaseRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/payment_releases',
      {
        config: { policy: { who: STAFF, apiKey: 'read' } },
        schema: {
          tags,
          summary: "A campaign's draft payments waiting on an invoice's payment (Release when paid), with why",
          querystring: campaignReleasesQuery,
          response: { 200: campaignReleases, ...errorResponses },
        },
      },
      async (request) => ({
        data: await listCampaignReleases(deps.db, requireStaff(request).org_id, request.query.payment_group_id),
      }),
    );

    app.get(
      '/payment_releases/:id',
      {
        config: { policy: { who: STAFF, apiKey: 'read' } },
        schema: {
          tags,
          summary: "How an invoice's funded payments wait for its payment (null when they do not)",
          params: idParams,
          response: { 200: paymentReleaseAnswer.nullable(), ...errorResponses },
        },
      },
      async (request) => releaseOf(deps.db, requireStaff(request).org_id, request.params.id),
    );

    app.put(
      '/payment_releases/:id',
      {
        config: {
          policy: moneyAct({
            who: MANAGERS,
            acting: loginAsMessages.noApproving,
            money: { kind: 'moves', act: "Release when paid (the invoice's funded drafts execute once it is paid)" },
          }),
        },
        schema: {
          tags,
          summary: "Release when paid: execute the invoice's funded draft payments once its payment has gone through",
          params: idParams,
          response: { 200: paymentReleaseAnswer.extend({ message: z.string() }), ...errorResponses },
        },
      },
      async (request) => {
        const user = requireStaff(request, ['owner', 'admin']);
        const release = await deps.db.transaction((tx) => markReleaseWhenPaid(tx, user.org_id, user.id, request.params.id));
        return { ...release, message: paymentReleaseMessages.marked };
      },
    );

    app.delete(
      '/payment_releases/:id',
      {
        config: { policy: { who: MANAGERS, apiKey: 'none' } },
        schema: {
          tags,
          summary: 'Stop waiting for the invoice: its draft payments can be executed by hand again',
          params: idParams,
          response: { 200: z.object({ message: z.string() }), ...errorResponses },
        },
      },
      async (request) => {
        const user = requireStaff(request, ['owner', 'admin']);
        await deps.db.transaction((tx) => unmarkRelease(tx, user.org_id, request.params.id));
        return { message: paymentReleaseMessages.unmarked };
      },
    );
  };
