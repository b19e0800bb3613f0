import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { errorResponses, idParams } from '../../lib/schemas.ts';
import { dismissNotification, listNotifications } from './service.ts';

const tags = ['Notifications'];
const notificationRecord = z.object({
  id: z.string(),
  text: z.string(),
  link: z.string().nullable(),
  dismissed: z.boolean(),
  created_at: z.string(),
});

export const notificationRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/notifications',
      { schema: { tags, summary: 'Notifications of the caller', response: { 200: z.array(notificationRecord), ...errorResponses } } },
      async (request) => {
        const { user } = requireAuth(request);
        return listNotifications(deps.db, { org_id: user.org_id, user_id: user.id });
      },
    );

    app.put(
      '/notifications/:id',
      { schema: { tags, summary: 'Dismiss a notification', params: idParams, response: { 200: notificationRecord, ...errorResponses } } },
      async (request) => {
        const { user } = requireAuth(request);
        return dismissNotification(deps.db, { org_id: user.org_id, user_id: user.id, id: request.params.id });
      },
    );
  };
