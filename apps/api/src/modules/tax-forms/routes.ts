import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { taxFormLabels, taxFormMessages, taxFormSummary, type TaxFormSummary } from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { errorResponses, idParams } from '../../lib/schemas.ts';
import { requireExternal } from '../../plugins/auth.ts';
import { portalRecords, portalScope } from '../portal/index.ts';
import { isOrgPayee, payeeOfLink, requireFormReader } from './access.ts';
import { findPayeeForm, findTaxFormById, listPayeeForms, toTaxFormSummary, type PayeeRef } from './records.ts';
import { openTaxFormPdf, signTaxForm } from './service.ts';
import type { TaxFormRow } from '../../db/schema/index.ts';

const tags = ['Tax forms'];
const linkQuery = z.object({ id: z.string().min(1).max(100) });
const signBody = z.record(z.string(), z.unknown());
const payeeParams = z.object({ payee_id: z.uuid() });

const signerOf = (request: FastifyRequest) => ({ ip_address: request.ip, user_agent: request.headers['user-agent'] ?? 'unknown' });
const summaries = async (deps: AppDeps, payeeIds: string[]): Promise<TaxFormSummary[]> =>
  (await listPayeeForms(deps.db, payeeIds)).map(toTaxFormSummary);

function sendPdf(deps: AppDeps, reply: FastifyReply, row: TaxFormRow) {
  const name = `Form-${taxFormLabels[row.form_type]}-${row.signed_at.toISOString().slice(0, 10)}.pdf`;
  return reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('cache-control', 'no-store')
    .send(openTaxFormPdf(deps, row));
}

async function signFor(deps: AppDeps, request: FastifyRequest, payee: PayeeRef, source: 'payee_link' | 'portal') {
  return deps.db.transaction((tx) => signTaxForm(deps, tx, { payee, body: request.body, signer: signerOf(request), source }));
}

/** The payee's own side: through their payee link (no account) and through the portal. */
export const taxFormPayeeRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const publicLink = { config: { isPublic: true } } as const;
    app.get(
      '/expiring_link/tax_forms',
      {
        ...publicLink,
        schema: {
          tags,
          summary: "The payee link's signed tax forms, newest first",
          security: [],
          querystring: linkQuery,
          response: { 200: z.array(taxFormSummary), ...errorResponses },
        },
      },
      async (request) => summaries(deps, [(await payeeOfLink(deps.db, request.query.id)).id]),
    );
    app.post(
      '/expiring_link/tax_forms',
      {
        ...publicLink,
        schema: {
          tags,
          summary: 'Sign a W-9, W-8BEN or W-8BEN-E through a payee link (the link stays usable for the payout details)',
          security: [],
          querystring: linkQuery,
          body: signBody,
          response: { 200: taxFormSummary, ...errorResponses },
        },
      },
      async (request) => signFor(deps, request, await payeeOfLink(deps.db, request.query.id), 'payee_link'),
    );

    app.get(
      '/portal/tax_forms',
      {
        schema: {
          tags,
          summary: "The signed-in creator's signed tax forms with every organisation, newest first",
          response: { 200: z.array(taxFormSummary), ...errorResponses },
        },
      },
      async (request) => {
        const records = await portalRecords(deps.db, portalScope(requireExternal(request)));
        return summaries(
          deps,
          records.creators.map((record) => record.id),
        );
      },
    );
    app.post(
      '/portal/tax_forms/:payee_id',
      {
        schema: {
          tags,
          summary: "Sign a tax form for one of the signed-in creator's records",
          params: payeeParams,
          body: signBody,
          response: { 200: taxFormSummary, ...errorResponses },
        },
      },
      async (request) => {
        const records = await portalRecords(deps.db, portalScope(requireExternal(request)));
        if (!records.creators.some((record) => record.id === request.params.payee_id)) throw new AppError('not_found', 'Creator not found');
        return signFor(deps, request, { type: 'creator', id: request.params.payee_id }, 'portal');
      },
    );
    app.get(
      '/portal/tax_forms/:id/pdf',
      { schema: { tags, summary: "One of the signed-in creator's signed tax forms, as a PDF", params: idParams } },
      async (request, reply) => {
        const records = await portalRecords(deps.db, portalScope(requireExternal(request)));
        const row = await findPayeeForm(
          deps.db,
          request.params.id,
          records.creators.map((record) => record.id),
        );
        return sendPdf(deps, reply, row);
      },
    );
  };

/** The organisation's side: owners and admins read a creator's forms and download the signed PDFs. */
export const taxFormOrgRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/creators/:id/tax_forms',
      {
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
        return summaries(deps, [request.params.id]);
      },
    );
    app.get(
      '/tax_forms/:id/pdf',
      { schema: { tags, summary: "A signed tax form of one of the organisation's payees, as a PDF", params: idParams } },
      async (request, reply) => {
        const { org_id } = requireFormReader(request);
        const row = await findTaxFormById(deps.db, request.params.id);
        if (!row || !(await isOrgPayee(deps.db, org_id, { type: row.payee_type, id: row.payee_id })))
          throw new AppError('not_found', taxFormMessages.notFound);
        return sendPdf(deps, reply, row);
      },
    );
  };
