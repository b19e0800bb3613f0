import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createInvoiceScheduleBody, invoiceScheduleAnswer, invoiceScheduleRecord, updateInvoiceScheduleBody } from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import { requireStaff } from '../../plugins/auth.ts';
import { errorResponses, idParams } from '../../lib/schemas.ts';
import { updateSchedule } from './schedule-edits.ts';
import { createSchedule, scheduleOfInvoice, stopSchedule } from './schedules.ts';
import { STAFF, MANAGERS } from '../../plugins/route-policy.ts';

const tags = ['Invoices'];

/** Recurring invoices: staff make an invoice repeat; owners and admins change or stop a schedule. */
export const invoiceScheduleRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/invoices/:id/schedule',
      {
        config: { policy: { who: STAFF, apiKey: 'read' } },
        schema: {
          tags,
          summary: 'The schedule an invoice repeats on or was sent by (null if none)',
          params: idParams,
          response: { 200: invoiceScheduleAnswer, ...errorResponses },
        },
      },
      async (request) => ({
        schedule: await scheduleOfInvoice(deps.db, { org_id: requireStaff(request).org_id, invoice_id: request.params.id }),
      }),
    );

    app.post(
      '/invoices/:id/schedule',
      {
        config: { policy: { who: STAFF, apiKey: 'invoices:write' } },
        schema: {
          tags,
          summary: 'Repeat an open invoice monthly or weekly, from a start date until an end date or a count',
          params: idParams,
          body: createInvoiceScheduleBody,
          response: { 200: invoiceScheduleRecord, ...errorResponses },
        },
      },
      async (request) => {
        const user = requireStaff(request);
        return createSchedule(deps.db, { org_id: user.org_id, user_id: user.id }, request.params.id, request.body);
      },
    );

    app.put(
      '/invoice_schedules/:id',
      {
        config: { policy: { who: MANAGERS, apiKey: 'invoices:write' } },
        schema: {
          tags,
          summary: 'Change how an active schedule repeats and when it ends (owners and admins); invoices already sent are not sent again',
          params: idParams,
          body: updateInvoiceScheduleBody,
          response: { 200: invoiceScheduleRecord, ...errorResponses },
        },
      },
      async (request) => updateSchedule(deps.db, requireStaff(request, ['owner', 'admin']).org_id, request.params.id, request.body),
    );

    app.post(
      '/invoice_schedules/:id/stop',
      {
        config: { policy: { who: MANAGERS, apiKey: 'invoices:write' } },
        schema: {
          tags,
          summary: 'Stop a schedule (owners and admins): no further invoice is sent',
          params: idParams,
          response: { 200: invoiceScheduleRecord, ...errorResponses },
        },
      },
      async (request) => stopSchedule(deps.db, requireStaff(request, ['owner', 'admin']).org_id, request.params.id),
    );
  };
