import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paidUsersPage, paidUsersQuery, taxRequestBody, taxRun } from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import { requireStaff } from '../../plugins/auth.ts';
import { errorResponses, idParams } from '../../lib/schemas.ts';
import { listPaidUsers } from './queries.ts';
import {
  createTaxRun,
  executeTaxRun,
  findTaxRun,
  GENERATE_TAX_DOCUMENTS_JOB,
  INLINE_RECIPIENT_LIMIT,
  openRunPdf,
  toTaxRun,
} from './runs.ts';

const tags = ['Taxes'];
/** Tax forms carry the organisation's EIN and pay figures of every person: owners and admins generate them. */
const GENERATORS = ['owner', 'admin'] as const;

export const taxRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/taxes/users',
      {
        schema: {
          tags,
          summary: 'Paid Users: everyone paid in the year (posted less returned, gross of withholding), by name, one page at a time',
          querystring: paidUsersQuery,
          response: { 200: paidUsersPage, ...errorResponses },
        },
      },
      async (request) => {
        const { org_id } = requireStaff(request);
        const { year = new Date().getUTCFullYear(), page, page_size } = request.query;
        return listPaidUsers(deps.db, { org_id, year, page, page_size });
      },
    );

    app.post(
      '/taxes',
      {
        schema: {
          tags,
          summary:
            'Generate tax documents (1099-NEC, or a W-2 wage summary for W-2 recipients). Up to 25 users are generated at once: with Accept: application/pdf a download answers the PDF itself; otherwise the run (202 while the job works on a larger selection).',
          body: taxRequestBody,
          response: { 200: taxRun, 202: taxRun, ...errorResponses },
        },
      },
      async (request, reply) => {
        const user = requireStaff(request, GENERATORS);
        let run = await createTaxRun(deps.db, { org_id: user.org_id, user_id: user.id, body: request.body });
        if (run.total > INLINE_RECIPIENT_LIMIT) {
          await deps.jobs.send(GENERATE_TAX_DOCUMENTS_JOB, { run_id: run.id });
          run = await findTaxRun(deps.db, user.org_id, run.id);
          return reply.code(run.status === 'succeeded' ? 200 : 202).send(toTaxRun(run));
        }
        await executeTaxRun(deps, run.id).catch((error: unknown) =>
          request.log.error({ err: error, run_id: run.id }, 'tax documents failed'),
        );
        run = await findTaxRun(deps.db, user.org_id, run.id);
        if (run.pdf_sealed && request.headers.accept?.includes('application/pdf'))
          // A Buffer is sent as is: Fastify skips the response schema's serializer for it.
          return reply
            .type('application/pdf')
            .header('x-tax-run-id', run.id)
            .send(openRunPdf(deps.secrets, run) as never);
        return toTaxRun(run);
      },
    );

    app.get(
      '/taxes/runs/:id',
      {
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
      { schema: { tags, summary: "A download run's PDF: every form, one per page", params: idParams } },
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
