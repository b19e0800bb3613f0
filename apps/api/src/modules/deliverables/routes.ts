import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createDeliverableBody,
  deleteDeliverableBody,
  deliverableApprovalBody,
  deliverableList,
  deliverableMessages,
  deliverableRecord,
  listDeliverablesQuery,
  updateDeliverableBody,
  loginAsMessages,
} from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import { inUnit } from '../../events/dispatcher.ts';
import { requireStaff } from '../../plugins/auth.ts';
import { AppError } from '../../lib/errors.ts';
import { errorResponses, idParams } from '../../lib/schemas.ts';
import { assertCampaignOfOrg } from '../campaigns/index.ts';
import { listDeliverables } from './queries.ts';
import { createDeliverable, deleteDeliverable, updateDeliverable } from './service.ts';
import { decideDeliverable } from './approval.ts';
import { STAFF, MANAGERS, moneyAct } from '../../plugins/route-policy.ts';

const tags = ['Deliverables'];
const deletedAnswer = z.object({ message: z.string(), id: z.string() });
const bodyWithId = updateDeliverableBody.extend({ id: z.uuid({ error: deliverableMessages.notFound }) });

/**
 * Staff (owner, admin, team member) manage deliverables. The spec calls PUT and DELETE on
 * /v1/deliverables with the id in the body; /v1/deliverables/{id} answers the same.
 */
export const deliverableRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/deliverables',
      {
        config: { policy: { who: STAFF, apiKey: 'read' } },
        schema: {
          tags,
          summary: "A campaign's deliverables",
          querystring: listDeliverablesQuery,
          response: { 200: deliverableList, ...errorResponses },
        },
      },
      async (request) => {
        const { org_id } = requireStaff(request);
        await assertCampaignOfOrg(deps.db, { org_id, id: request.query.campaign_id, field: 'campaign_id' });
        return { data: await listDeliverables(deps.db, { org_id, campaign_id: request.query.campaign_id }) };
      },
    );

    app.post(
      '/deliverables',
      {
        config: { policy: { who: STAFF, apiKey: 'campaigns:write' } },
        schema: {
          tags,
          summary: 'Add a deliverable (quantity and description required)',
          body: createDeliverableBody,
          response: { 200: deliverableRecord, ...errorResponses },
        },
      },
      async (request) => createDeliverable(deps.db, { org_id: requireStaff(request).org_id, body: request.body }),
    );

    app.put(
      '/deliverables',
      {
        config: { policy: { who: STAFF, apiKey: 'campaigns:write' } },
        schema: {
          tags,
          summary: 'Update a deliverable (id in the body; fields left out are unchanged)',
          body: bodyWithId,
          response: { 200: deliverableRecord, ...errorResponses },
        },
      },
      async (request) => updateDeliverable(deps.db, { org_id: requireStaff(request).org_id, id: request.body.id, body: request.body }),
    );

    app.put(
      '/deliverables/:id',
      {
        config: { policy: { who: STAFF, apiKey: 'campaigns:write' } },
        schema: {
          tags,
          summary: 'Update a deliverable',
          params: idParams,
          body: updateDeliverableBody,
          response: { 200: deliverableRecord, ...errorResponses },
        },
      },
      async (request) => {
        if (request.body.id && request.body.id !== request.params.id)
          throw new AppError('validation_error', 'The id in the body does not match the address', { field: 'id' });
        return updateDeliverable(deps.db, { org_id: requireStaff(request).org_id, id: request.params.id, body: request.body });
      },
    );

    app.delete(
      '/deliverables',
      {
        config: { policy: { who: STAFF, apiKey: 'campaigns:write' } },
        schema: {
          tags,
          summary: 'Delete a deliverable (id in the body)',
          body: deleteDeliverableBody,
          response: { 200: deletedAnswer, ...errorResponses },
        },
      },
      async (request) => {
        await deleteDeliverable(deps.db, { org_id: requireStaff(request).org_id, id: request.body.id });
        return { message: deliverableMessages.deleted, id: request.body.id };
      },
    );

    // Issue 31: only an owner or admin approves (an approval can release payments waiting for it).
    app.post(
      '/deliverables/:id/approval',
      {
        config: {
          policy: moneyAct({
            who: MANAGERS,
            acting: loginAsMessages.noApproving,
            money: { kind: 'moves', act: 'Approve a deliverable (executes the payments that waited for it)' },
          }),
        },
        schema: {
          tags,
          summary: 'Approve a deliverable or request changes (owner and admin)',
          params: idParams,
          body: deliverableApprovalBody,
          response: { 200: deliverableRecord, ...errorResponses },
        },
      },
      async (request) => {
        const user = requireStaff(request, ['owner', 'admin']);
        return inUnit(deps, (unit) =>
          decideDeliverable(unit, { org_id: user.org_id, user_id: user.id, id: request.params.id, body: request.body }),
        );
      },
    );

    app.delete(
      '/deliverables/:id',
      {
        config: { policy: { who: STAFF, apiKey: 'campaigns:write' } },
        schema: { tags, summary: 'Delete a deliverable', params: idParams, response: { 200: deletedAnswer, ...errorResponses } },
      },
      async (request) => {
        await deleteDeliverable(deps.db, { org_id: requireStaff(request).org_id, id: request.params.id });
        return { message: deliverableMessages.deleted, id: request.params.id };
      },
    );
  };
