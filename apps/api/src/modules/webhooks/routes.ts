import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createdWebhookEndpoint,
  loginAsMessages,
  createWebhookBody,
  messageAnswer,
  webhookDeliveryRecord,
  webhookEndpointRecord,
} from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import { requireStaff } from '../../plugins/auth.ts';
import { errorResponses, idParams } from '../../lib/schemas.ts';
import { createEndpoint, deleteEndpoint, listDeliveries, listEndpoints, sendTestEvent } from './service.ts';
import { MANAGERS } from '../../plugins/route-policy.ts';

const tags = ['Webhooks'];
const managers = ['owner', 'admin'] as const;

export const webhookRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/webhook_endpoints',
      {
        config: { policy: { who: MANAGERS, apiKey: 'people_only' } },
        schema: {
          tags,
          summary: "The organization's webhook endpoints",
          response: { 200: z.array(webhookEndpointRecord), ...errorResponses },
        },
      },
      async (request) => listEndpoints(deps, requireStaff(request, managers).org_id),
    );

    app.post(
      '/webhook_endpoints',
      {
        config: { policy: { who: MANAGERS, apiKey: 'people_only', acting: { refused: loginAsMessages.noKeys }, freshFactor: 'always' } },
        schema: {
          tags,
          summary: 'Register an endpoint (http or https; the signing secret is shown in this answer only)',
          body: createWebhookBody,
          response: { 200: createdWebhookEndpoint, ...errorResponses },
        },
      },
      async (request) => createEndpoint(deps, { org_id: requireStaff(request, managers).org_id, body: request.body }),
    );

    app.delete(
      '/webhook_endpoints/:id',
      {
        config: { policy: { who: MANAGERS, apiKey: 'people_only' } },
        schema: {
          tags,
          summary: 'Delete an endpoint (its pending deliveries stop)',
          params: idParams,
          response: { 200: messageAnswer, ...errorResponses },
        },
      },
      async (request) => {
        await deleteEndpoint(deps, { org_id: requireStaff(request, managers).org_id, id: request.params.id });
        return { message: 'Webhook endpoint deleted' };
      },
    );

    app.post(
      '/webhook_endpoints/:id/test',
      {
        config: { policy: { who: MANAGERS, apiKey: 'people_only' } },
        schema: {
          tags,
          summary: 'Send a webhook.test event to the endpoint now',
          params: idParams,
          response: { 200: webhookDeliveryRecord, ...errorResponses },
        },
      },
      async (request) => sendTestEvent(deps, { org_id: requireStaff(request, managers).org_id, id: request.params.id }),
    );

    app.get(
      '/webhook_endpoints/:id/deliveries',
      {
        config: { policy: { who: MANAGERS, apiKey: 'people_only' } },
        schema: {
          tags,
          summary: "The endpoint's latest 100 deliveries",
          params: idParams,
          response: { 200: z.array(webhookDeliveryRecord), ...errorResponses },
        },
      },
      async (request) => listDeliveries(deps, { org_id: requireStaff(request, managers).org_id, endpoint_id: request.params.id }),
    );
  };
