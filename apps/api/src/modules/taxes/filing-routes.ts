import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { taxCorrectionList, taxFilingSettings, taxFilingSettingsBody, taxYearParams } from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import { requireStaff } from '../../plugins/auth.ts';
import { errorResponses } from '../../lib/schemas.ts';
import { correctedForms, correctionFilingFile, listCorrections } from './corrections.ts';
import { originalFilingFile } from './filing.ts';
import { readFilingSettings, saveFilingSettings } from './filing-settings.ts';
import { GENERATORS } from './generate.ts';
import { MANAGERS, OWNER } from '../../plugins/route-policy.ts';
import { openTaxYear } from './tax-year.ts';

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
        config: { policy: { who: MANAGERS, apiKey: 'read' } },
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
        config: { policy: { who: OWNER, apiKey: 'none' } },
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
        config: { policy: { who: MANAGERS, apiKey: 'none' } },
        schema: {
          tags,
          summary:
            "The year's IRS filing file: every 1099-NEC in FIRE's Publication 1220 records, to upload to the IRS by hand (owners and admins)",
          params: taxYearParams,
        },
      },
      async (request, reply) => {
        const caller = requireStaff(request, GENERATORS);
        const year = await openTaxYear(deps.db, request.params.year, 'not_found');
        const file = await originalFilingFile(deps, caller, year);
        return sendFireFile(reply, `IRS-1099-NEC-${year}.txt`, file);
      },
    );

    app.get(
      '/taxes/:year/corrections',
      {
        config: { policy: { who: MANAGERS, apiKey: 'read' } },
        schema: {
          tags,
          summary: "The year's filed 1099-NEC forms that differ now (a returned payment, a changed amount): as filed and as they are",
          params: taxYearParams,
          response: { 200: taxCorrectionList, ...errorResponses },
        },
      },
      async (request) => {
        const { org_id } = requireStaff(request, GENERATORS);
        return listCorrections(deps.db, org_id, await openTaxYear(deps.db, request.params.year, 'not_found'));
      },
    );

    app.get(
      '/taxes/:year/corrections/file',
      {
        config: { policy: { who: MANAGERS, apiKey: 'none' } },
        schema: {
          tags,
          summary: "The correction file: a one-step correction ('G') record for each 1099-NEC that differs, recorded as filed",
          params: taxYearParams,
        },
      },
      async (request, reply) => {
        const caller = requireStaff(request, GENERATORS);
        const year = await openTaxYear(deps.db, request.params.year, 'not_found');
        const file = await correctionFilingFile(deps, caller, year);
        return sendFireFile(reply, `IRS-1099-NEC-${year}-corrections.txt`, file);
      },
    );

    app.get(
      '/taxes/:year/corrections/pdf',
      {
        config: { policy: { who: MANAGERS, apiKey: 'read' } },
        schema: { tags, summary: 'The CORRECTED 1099-NEC forms of the year, one per page', params: taxYearParams },
      },
      async (request, reply) => {
        const { org_id } = requireStaff(request, GENERATORS);
        const year = await openTaxYear(deps.db, request.params.year, 'not_found');
        const pdf = await correctedForms(deps, org_id, year);
        return reply
          .type('application/pdf')
          .header('content-disposition', `inline; filename="${year}-corrected-1099-nec.pdf"`)
          .header('cache-control', 'no-store')
          .send(Buffer.from(pdf));
      },
    );
  };
