import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { invoiceRemindersAnswer, reminderSettingsBody, reminderSettingsRecord } from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import { requireStaff } from '../../plugins/auth.ts';
import { errorResponses, idParams } from '../../lib/schemas.ts';
import { getReminderSettings, remindersOfInvoice, saveReminderSettings } from './dunning.ts';
import { STAFF, MANAGERS } from '../../plugins/route-policy.ts';

const tags = ['Invoices'];

/** Dunning: the organisation's reminder schedule (set by owners and admins) and the reminders an invoice was sent. */
export const invoiceDunningRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/invoice_reminder_settings',
      {
        config: { policy: { who: STAFF, apiKey: 'read' } },
        schema: { tags, summary: 'The reminder schedule of unpaid invoices', response: { 200: reminderSettingsRecord, ...errorResponses } },
      },
      async (request) => getReminderSettings(deps.db, requireStaff(request).org_id),
    );

    app.put(
      '/invoice_reminder_settings',
      {
        config: { policy: { who: MANAGERS, apiKey: 'none' } },
        schema: {
          tags,
          summary: 'Set the reminder schedule (owners and admins): days from the due date, on or off',
          body: reminderSettingsBody,
          response: { 200: reminderSettingsRecord, ...errorResponses },
        },
      },
      async (request) => saveReminderSettings(deps.db, requireStaff(request, ['owner', 'admin']).org_id, request.body),
    );

    app.get(
      '/invoices/:id/reminders',
      {
        config: { policy: { who: STAFF, apiKey: 'read' } },
        schema: {
          tags,
          summary: 'The scheduled reminders sent for an invoice',
          params: idParams,
          response: { 200: invoiceRemindersAnswer, ...errorResponses },
        },
      },
      async (request) => ({
        reminders: await remindersOfInvoice(deps.db, { org_id: requireStaff(request).org_id, invoice_id: request.params.id }),
      }),
    );
  };
