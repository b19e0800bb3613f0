import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createSavedViewBody, savedViewMessages, savedViewRecord, savedViewsQuery } from '@crewpay/core';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { requireAuth, requireStaff } from '../../plugins/auth.ts';
import { AppError } from '../../lib/errors.ts';
import { errorResponses } from '../../lib/schemas.ts';
import { createSavedView, deleteSavedView, listSavedViews, type Owner } from './service.ts';
import { STAFF } from '../../plugins/route-policy.ts';

const tags = ['Saved views'];
const viewIdParams = z.object({ id: z.string().max(100) });

/** The signed-in member whose views these are: an API key has no person to save them for. */
function ownerOf(request: FastifyRequest): Owner {
  const user = requireStaff(request);
  if (requireAuth(request).api_key_id) throw new AppError('forbidden', savedViewMessages.notForKeys);
  return { org_id: user.org_id, user_id: user.id };
}

/** A member's named filters of a list (GET, POST, DELETE), seen by that member only. */
export const savedViewRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/saved_views',
      {
        config: { policy: { who: STAFF, apiKey: 'none', keyRefusal: savedViewMessages.notForKeys } },
        schema: {
          tags,
          summary: "The caller's saved views of a list",
          querystring: savedViewsQuery,
          response: { 200: z.array(savedViewRecord), ...errorResponses },
        },
      },
      async (request) => listSavedViews(deps.db, ownerOf(request), request.query.list),
    );

    app.post(
      '/saved_views',
      {
        config: { policy: { who: STAFF, apiKey: 'none' } },
        schema: {
          tags,
          summary: "Save a list's filters (its URL query string) under a name",
          body: createSavedViewBody,
          response: { 200: savedViewRecord, ...errorResponses },
        },
      },
      async (request) => createSavedView(deps.db, ownerOf(request), request.body),
    );

    app.delete(
      '/saved_views/:id',
      {
        config: { policy: { who: STAFF, apiKey: 'none' } },
        schema: {
          tags,
          summary: 'Delete one of the caller’s saved views',
          params: viewIdParams,
          response: { 200: z.object({ message: z.string() }), ...errorResponses },
        },
      },
      async (request) => {
        await deleteSavedView(deps.db, ownerOf(request), request.params.id);
        return { message: savedViewMessages.deleted };
      },
    );
  };
