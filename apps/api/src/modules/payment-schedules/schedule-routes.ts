import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createScheduleAnswer,
  createScheduleBody,
  scheduleMessages,
  scheduleRecord,
  schedulesAnswer,
  schedulesQuery,
  loginAsMessages,
} from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import { requireStaff } from '../../plugins/auth.ts';
import { errorResponses, idParams } from '../../lib/schemas.ts';
import { cancelSchedule, createSchedules, listSchedules } from './schedules.ts';
import { STAFF, MANAGERS, moneyAct } from '../../plugins/route-policy.ts';

const tags = ['Payments'];

/** Scheduled and recurring payouts: scheduling and cancelling are executing, so owners and admins only. */
export const paymentScheduleRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/payment_schedules',
      {
        config: { policy: { who: STAFF, apiKey: 'read' } },
        schema: {
          tags,
          summary: "Active payment schedules (upcoming payouts), or one payment's schedules",
          querystring: schedulesQuery,
          response: { 200: schedulesAnswer, ...errorResponses },
        },
      },
      async (request) => ({ data: await listSchedules(deps.db, requireStaff(request).org_id, request.query.payment_id) }),
    );

    app.post(
      '/payment_schedules',
      {
        config: {
          policy: moneyAct({
            who: MANAGERS,
            acting: loginAsMessages.noApproving,
            money: { kind: 'moves', act: 'Schedule payments (they execute on the date, and again if recurring)' },
          }),
        },
        schema: {
          tags,
          summary: 'Execute draft payments on a date, once or every week or month until a date or a count',
          body: createScheduleBody,
          response: { 200: createScheduleAnswer, ...errorResponses },
        },
      },
      async (request) => {
        const user = requireStaff(request, ['owner', 'admin']);
        const data = await deps.db.transaction((tx) => createSchedules(tx, user.org_id, user.id, request.body));
        return { message: scheduleMessages.scheduled, data };
      },
    );

    app.delete(
      '/payment_schedules/:id',
      {
        config: { policy: { who: MANAGERS, apiKey: 'none' } },
        schema: { tags, summary: 'Cancel a schedule', params: idParams, response: { 200: scheduleRecord, ...errorResponses } },
      },
      async (request) => cancelSchedule(deps.db, requireStaff(request, ['owner', 'admin']).org_id, request.params.id),
    );
  };
