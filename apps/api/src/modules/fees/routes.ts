import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { feeScheduleRecord } from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import { requireStaff } from '../../plugins/auth.ts';
import { errorResponses } from '../../lib/schemas.ts';
import { listFeeSchedules, toFeeScheduleRecord } from './service.ts';
import { STAFF } from '../../plugins/route-policy.ts';

export const feeRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/fee_schedules',
      {
        config: { policy: { who: STAFF, apiKey: 'read' } },
        schema: {
          tags: ['Fees'],
          summary: "The organization's fee schedules",
          response: { 200: z.array(feeScheduleRecord), ...errorResponses },
        },
      },
      async (request) => (await listFeeSchedules(deps.db, requireStaff(request).org_id)).map(toFeeScheduleRecord),
    );
  };
