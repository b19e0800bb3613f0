import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DEFAULT_API_KEY_SCOPES,
  apiKeyScopes,
  apiTokenRecord,
  createApiTokenBody,
  createdApiToken,
  loginAsMessages,
  messageAnswer,
} from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import { requireStaff } from '../../plugins/auth.ts';
import { errorResponses } from '../../lib/schemas.ts';
import { createApiToken, deleteApiToken, listApiTokens } from './service.ts';
import { MANAGERS } from '../../plugins/route-policy.ts';

const tags = ['API keys'];
const managers = ['owner', 'admin'] as const;

export const apiTokenRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/org_api_token',
      {
        config: { policy: { who: MANAGERS, apiKey: 'people_only' } },
        schema: {
          tags,
          summary: "The organization's API keys (prefix and last 4 only)",
          response: { 200: z.array(apiTokenRecord), ...errorResponses },
        },
      },
      async (request) => listApiTokens(deps, requireStaff(request, managers).org_id),
    );

    app.post(
      '/org_api_token',
      {
        config: {
          policy: {
            who: MANAGERS,
            apiKey: 'people_only',
            acting: { refused: loginAsMessages.noKeys },
            freshFactor: 'always',
            audit: { action: 'api_key.create', details: () => ({}) },
          },
        },
        schema: {
          tags,
          summary: 'Create an API key with its scopes (the full key is shown in this answer only)',
          description: `Scopes: ${apiKeyScopes.join(', ')}. Without scopes the key gets ${DEFAULT_API_KEY_SCOPES.join(', ')}.`,
          body: createApiTokenBody.nullish(),
          response: { 200: createdApiToken, ...errorResponses },
        },
      },
      async (request) =>
        createApiToken(deps, {
          org_id: requireStaff(request, managers).org_id,
          scopes: request.body?.scopes,
          audit: (tx) => request.recordAudit(tx),
        }),
    );

    app.delete(
      '/org_api_token/:key',
      {
        config: { policy: { who: MANAGERS, apiKey: 'people_only', audit: { action: 'api_key.revoke', details: () => ({}) } } },
        schema: {
          tags,
          summary: 'Revoke an API key (by its id); it stops working at once',
          params: z.object({ key: z.uuid({ error: 'Not found' }) }),
          response: { 200: messageAnswer, ...errorResponses },
        },
      },
      async (request) => {
        await deleteApiToken(deps, {
          org_id: requireStaff(request, managers).org_id,
          id: request.params.key,
          audit: (tx) => request.recordAudit(tx),
        });
        return { message: 'API key deleted' };
      },
    );
  };
