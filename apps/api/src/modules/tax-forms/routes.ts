import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { taxFormLabels, taxFormMessages, taxFormSummary, type TaxFormSummary, loginAsMessages } from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { errorResponses, idParams } from '../../lib/schemas.ts';
import { isOrgPayee, payeeOfLink, requireFormReader } from './access.ts';
import { linkConsentRoutes } from './consent-routes.ts';
import { findTaxFormById, listPayeeForms, toTaxFormSummary, type PayeeRef } from './records.ts';
import { openTaxFormPdf, signTaxForm } from './service.ts';
import type { TaxFormRow } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../db/client.ts';
import { MANAGERS } from '../../plugins/route-policy.ts';

const tags = ['Tax forms'];
/** Signed tax forms carry full TINs: no key reads them (requireFormReader says the same). */
const formReadersOnly = 'Signed tax forms are available to owners and admins only';
const linkQuery = z.object({ id: z.string().min(1).max(100) });
const signBody = z.record(z.string(), z.unknown());

const signerOf = (request: FastifyRequest) => ({ ip_address: request.ip, user_agent: request.headers['user-agent'] ?? 'unknown' });
export const listPayeeFormSummaries = async (db: DbOrTx, payeeIds: string[]): Promise<TaxFormSummary[]> =>
  (await listPayeeForms(db, payeeIds)).map(toTaxFormSummary);

export function sendSignedFormPdf(deps: AppDeps, reply: FastifyReply, row: TaxFormRow) {
  const name = `Form-${taxFormLabels[row.form_type]}-${row.signed_at.toISOString().slice(0, 10)}.pdf`;
  return reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('cache-control', 'no-store')
    .send(openTaxFormPdf(deps, row));
}

export async function signPayeeForm(deps: AppDeps, request: FastifyRequest, payee: PayeeRef, source: 'payee_link' | 'portal') {
  return deps.db.transaction((tx) => signTaxForm(deps, tx, { payee, body: request.body, signer: signerOf(request), source }));
}

/** The payee's own side through their payee link (no account); the portal's routes are the portal module's. */
export const taxFormPayeeRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/expiring_link/tax_forms',
      {
        config: { policy: { who: 'public', apiKey: 'read' } },
        schema: {
          tags,
          summary: "The payee link's signed tax forms, newest first",
          security: [],
          querystring: linkQuery,
          response: { 200: z.array(taxFormSummary), ...errorResponses },
        },
      },
      async (request) => listPayeeFormSummaries(deps.db, [(await payeeOfLink(deps.db, request.query.id)).id]),
    );
    app.post(
      '/expiring_link/tax_forms',
      {
        config: { policy: { who: 'public', apiKey: 'none', acting: { refused: loginAsMessages.noLinks } } },
        schema: {
          tags,
          summary: 'Sign a W-9, W-8BEN or W-8BEN-E through a payee link (the link stays usable for the payout details)',
          security: [],
          querystring: linkQuery,
          body: signBody,
          response: { 200: taxFormSummary, ...errorResponses },
        },
      },
      async (request) => signPayeeForm(deps, request, await payeeOfLink(deps.db, request.query.id), 'payee_link'),
    );
    linkConsentRoutes(deps, app);
  };

/** The organisation's side: owners and admins read a creator's forms and download the signed PDFs. */
export const taxFormOrgRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/creators/:id/tax_forms',
      {
        config: { policy: { who: MANAGERS, apiKey: 'none', keyRefusal: formReadersOnly } },
        schema: {
          tags,
          summary: "A creator's signed tax forms, the active one first",
          params: idParams,
          response: { 200: z.array(taxFormSummary), ...errorResponses },
        },
      },
      async (request) => {
        const { org_id } = requireFormReader(request);
        if (!(await isOrgPayee(deps.db, org_id, { type: 'creator', id: request.params.id })))
          throw new AppError('not_found', 'Creator not found');
        return listPayeeFormSummaries(deps.db, [request.params.id]);
      },
    );
    app.get(
      '/tax_forms/:id/pdf',
      {
        config: { policy: { who: MANAGERS, apiKey: 'none', keyRefusal: formReadersOnly } },
        schema: { tags, summary: "A signed tax form of one of the organisation's payees, as a PDF", params: idParams },
      },
      async (request, reply) => {
        const { org_id } = requireFormReader(request);
        const row = await findTaxFormById(deps.db, request.params.id);
        if (!row || !(await isOrgPayee(deps.db, org_id, { type: row.payee_type, id: row.payee_id })))
          throw new AppError('not_found', taxFormMessages.notFound);
        return sendSignedFormPdf(deps, reply, row);
      },
    );
  };
