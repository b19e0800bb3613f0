import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paidUsersPage, paidUsersQuery, taxRequestBody, taxRun } from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import { requireStaff } from '../../plugins/auth.ts';
import { errorResponses, idParams } from '../../lib/schemas.ts';
import { listPaidUsers } from './queries.ts';
import { withReadiness } from './readiness.ts';
import { GENERATORS, generateTaxDocuments } from './generate.ts';
import { findTaxRun, openRunPdf, toTaxRun } from './runs.ts';
import { STAFF, MANAGERS } from '../../plugins/route-policy.ts';
import { openTaxYear } from './tax-year.ts';

const tags = ['Taxes'];

export const taxRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/taxes/users',
      {
        config: { policy: { who: STAFF, apiKey: 'read' } },
        schema: {
          tags,
          summary: 'Paid Users: everyone paid in the year (posted less returned, gross of withholding), by name, one page at a time',
          querystring: paidUsersQuery,
          response: { 200: paidUsersPage, ...errorResponses },
        },
      },
      async (request) => {
        const { org_id } = requireStaff(request);
        const { page, page_size } = request.query;
        const year = await openTaxYear(deps.db, request.query.year, 'validation_error');
        return withReadiness(deps.db, org_id, await listPaidUsers(deps.db, { org_id, year, page, page_size }));
      },
    );

    app.post(
      '/taxes',
      {
        config: { policy: { who: MANAGERS, apiKey: 'none' } },
        schema: {
          tags,
          summary:
            'Generate tax documents (1099-NEC, or a W-2 wage summary for W-2 recipients). Up to 25 users are generated at once: with Accept: application/pdf a download answers the PDF itself; otherwise the run (202 while the job works on a larger selection).',
          body: taxRequestBody,
          response: { 200: taxRun, 202: taxRun, ...errorResponses },
        },
      },
      async (request, reply) => {
        await openTaxYear(deps.db, request.body.year, 'validation_error');
        return generateTaxDocuments(deps, request, reply, {
          body: request.body,
          wantsPdf: request.headers.accept?.includes('application/pdf') ?? false,
        });
      },
    );

    app.get(
      '/taxes/runs/:id',
      {
        config: { policy: { who: MANAGERS, apiKey: 'read' } },
        schema: {
          tags,
          summary: 'A tax documents run: its progress, what was generated and what was skipped, and why',
          params: idParams,
          response: { 200: taxRun, ...errorResponses },
        },
      },
      async (request) => toTaxRun(await findTaxRun(deps.db, requireStaff(request, GENERATORS).org_id, request.params.id)),
    );

    app.get(
      '/taxes/runs/:id/pdf',
      {
        config: { policy: { who: MANAGERS, apiKey: 'read' } },
        schema: { tags, summary: "A download run's PDF: every form, one per page", params: idParams },
      },
      async (request, reply) => {
        const run = await findTaxRun(deps.db, requireStaff(request, GENERATORS).org_id, request.params.id);
        return reply
          .type('application/pdf')
          .header('content-disposition', `inline; filename="${run.year}-tax-documents.pdf"`)
          .header('cache-control', 'no-store')
          .send(openRunPdf(deps.secrets, run));
      },
    );
  };

/** Document 001's call on the second API host: POST /api/taxes {year, method, userIds} answers the PDF blob itself. */
export const taxPdfRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/taxes',
      {
        config: { policy: { who: MANAGERS, apiKey: 'none' } },
        schema: {
          tags,
          summary:
            "Generate tax documents, the spec's call: a download of up to 25 users answers the PDF (application/pdf, its run id in x-tax-run-id); an email, or a larger selection, answers the run as POST /v1/taxes does.",
          body: taxRequestBody,
          response: { 200: taxRun, 202: taxRun, ...errorResponses },
        },
      },
      async (request, reply) => {
        await openTaxYear(deps.db, request.body.year, 'validation_error');
        return generateTaxDocuments(deps, request, reply, { body: request.body, wantsPdf: request.body.method === 'download' });
      },
    );
  };
