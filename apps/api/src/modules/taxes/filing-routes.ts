import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { taxFilingSettings, taxFilingSettingsBody, taxYearParams } from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import { requireStaff } from '../../plugins/auth.ts';
import { errorResponses } from '../../lib/schemas.ts';
import { originalFilingFile } from './filing.ts';
import { readFilingSettings, saveFilingSettings } from './filing-settings.ts';
import { GENERATORS } from './generate.ts';

const tags = ['Taxes'];

/** A FIRE file is plain ASCII records; it carries full TINs, so it is never cached. */
const sendFireFile = (reply: import('fastify').FastifyReply, filename: string, file: string) =>
  reply
    .type('text/plain; charset=us-ascii')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(file);

export const taxFilingRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/taxes/filing_settings',
      {
        schema: {
          tags,
          summary: "The organization's IRS filing settings: its Transmitter Control Code (TCC) and payer's state number",
          response: { 200: taxFilingSettings, ...errorResponses },
        },
      },
      async (request) => readFilingSettings(deps.db, requireStaff(request, GENERATORS).org_id),
    );

    app.put(
      '/taxes/filing_settings',
      {
        schema: {
          tags,
          summary: "Set the organization's Transmitter Control Code (TCC, 5 letters or digits) and payer's state number (owners)",
          body: taxFilingSettingsBody,
          response: { 200: taxFilingSettings, ...errorResponses },
        },
      },
      async (request) => saveFilingSettings(deps.db, requireStaff(request, ['owner']).org_id, request.body),
    );

    app.get(
      '/taxes/:year/filing',
      {
        schema: {
          tags,
          summary:
            "The year's IRS filing file: every 1099-NEC in FIRE's Publication 1220 records, to upload to the IRS by hand (owners and admins)",
          params: taxYearParams,
        },
      },
      async (request, reply) => {
        const { year } = request.params;
        const file = await originalFilingFile(deps, requireStaff(request, GENERATORS), year);
        return sendFireFile(reply, `IRS-1099-NEC-${year}.txt`, file);
      },
    );
  };
