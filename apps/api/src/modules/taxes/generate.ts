import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TaxRequestBody } from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import { requireStaff } from '../../plugins/auth.ts';
import {
  createTaxRun,
  executeTaxRun,
  findTaxRun,
  GENERATE_TAX_DOCUMENTS_JOB,
  INLINE_RECIPIENT_LIMIT,
  openRunPdf,
  toTaxRun,
} from './runs.ts';

/** Tax forms carry the organisation's EIN and pay figures of every person: owners and admins generate them. */
export const GENERATORS = ['owner', 'admin'] as const;

/**
 * Generates the documents of a request: a small selection at once (the PDF itself when
 * `wantsPdf` and a form was made), a larger one as a job whose run the caller follows.
 */
export async function generateTaxDocuments(
  deps: AppDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  options: { body: TaxRequestBody; wantsPdf: boolean },
) {
  const user = requireStaff(request, GENERATORS);
  let run = await createTaxRun(deps.db, { org_id: user.org_id, user_id: user.id, body: options.body });
  if (run.total > INLINE_RECIPIENT_LIMIT) {
    await deps.jobs.send(GENERATE_TAX_DOCUMENTS_JOB, { run_id: run.id });
    run = await findTaxRun(deps.db, user.org_id, run.id);
    return reply.code(run.status === 'succeeded' ? 200 : 202).send(toTaxRun(run));
  }
  await executeTaxRun(deps, run.id).catch((error: unknown) => request.log.error({ err: error, run_id: run.id }, 'tax documents failed'));
  run = await findTaxRun(deps.db, user.org_id, run.id);
  if (run.pdf_sealed && options.wantsPdf)
    // A Buffer is sent as is: Fastify skips the response schema's serializer for it.
    return reply
      .type('application/pdf')
      .header('x-tax-run-id', run.id)
      .header('content-disposition', `inline; filename="${run.year}-tax-documents.pdf"`)
      .header('cache-control', 'no-store')
      .send(openRunPdf(deps.secrets, run) as never);
  return toTaxRun(run);
}
