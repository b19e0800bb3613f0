import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notificationEventKinds, notificationPreferencesBody, notificationRecord } from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import { requireAuth, requireStaff } from '../../plugins/auth.ts';
import { errorResponses, idParams } from '../../lib/schemas.ts';
import { dismissAllNotifications, dismissNotification, isStaffViewer, listNotifications } from './service.ts';
import { getNotificationPreferences, setNotificationPreferences } from './preferences.ts';
import { STAFF } from '../../plugins/route-policy.ts';

const tags = ['Notifications'];
const preferencesAnswer = z.object({ email_events: z.array(z.enum(notificationEventKinds)) });

export const notificationRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/notifications',
      {
        config: { policy: { who: 'signed_in', apiKey: 'read' } },
        schema: { tags, summary: 'Notifications of the caller', response: { 200: z.array(notificationRecord), ...errorResponses } },
      },
      async (request) => {
        const { user } = requireAuth(request);
        return listNotifications(deps.db, { org_id: user.org_id, user_id: user.id, is_staff: isStaffViewer(user) });
      },
    );

    app.post(
      '/notifications/read_all',
      {
        config: { policy: { who: 'signed_in', apiKey: 'none' } },
        schema: {
          tags,
          summary: 'Mark every notification of the caller read',
          response: { 200: z.object({ count: z.number().int() }), ...errorResponses },
        },
      },
      async (request) => {
        const { user } = requireAuth(request);
        return { count: await dismissAllNotifications(deps.db, { org_id: user.org_id, user_id: user.id, is_staff: isStaffViewer(user) }) };
      },
    );

    app.put(
      '/notifications/:id',
      {
        config: { policy: { who: 'signed_in', apiKey: 'none' } },
        schema: { tags, summary: 'Dismiss a notification', params: idParams, response: { 200: notificationRecord, ...errorResponses } },
      },
      async (request) => {
        const { user } = requireAuth(request);
        return dismissNotification(deps.db, {
          org_id: user.org_id,
          user_id: user.id,
          is_staff: isStaffViewer(user),
          id: request.params.id,
        });
      },
    );

    app.get(
      '/notification_preferences',
      {
        config: { policy: { who: STAFF, apiKey: 'read' } },
        schema: {
          tags,
          summary: 'The notification kinds the caller also receives by email',
          response: { 200: preferencesAnswer, ...errorResponses },
        },
      },
      async (request) => {
        const user = requireStaff(request);
        return getNotificationPreferences(deps.db, { org_id: user.org_id, user_id: user.id });
      },
    );

    app.put(
      '/notification_preferences',
      {
        config: { policy: { who: STAFF, apiKey: 'none' } },
        schema: {
          tags,
          summary: 'Choose which notification kinds also come by email (the whole list; empty for none)',
          body: notificationPreferencesBody,
          response: { 200: preferencesAnswer, ...errorResponses },
        },
      },
      async (request) => {
        const user = requireStaff(request);
        return setNotificationPreferences(deps.db, { org_id: user.org_id, user_id: user.id, email_events: request.body.email_events });
      },
    );
  };
