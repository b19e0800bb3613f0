import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { taxDeliveryConsent, taxDeliveryConsentBody, taxFormSummary, loginAsMessages } from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { errorResponses, idParams } from '../../lib/schemas.ts';
import { requireExternal } from '../../plugins/auth.ts';
import {
  findPayeeForm,
  latestDeliveryConsents,
  listPayeeFormSummaries,
  recordPayeeConsent,
  sendSignedFormPdf,
  signPayeeForm,
} from '../tax-forms/index.ts';
import { portalRecords, portalScope, type PortalScope } from './scope.ts';
import { CREATOR_NOT_FOUND, ownUserPayee } from './service.ts';
import { EXTERNAL } from '../../plugins/route-policy.ts';

const tags = ['Creator portal'];
/** What an API key is told on the portal's routes: they answer about the signed-in person's own records. */
const portalOnly = 'This is only available to creators and customers';
const signBody = z.record(z.string(), z.unknown());
const payeeParams = z.object({ payee_id: z.uuid() });

type OwnPayee = { type: 'creator' | 'user'; id: string };

/**
 * The payees the signed-in person is, by the rule of Payment Details: their creator rows and,
 * where their organisation pays them as its agent or manager, their own user row (scoped while acting).
 */
async function ownPayees(deps: AppDeps, scope: PortalScope): Promise<OwnPayee[]> {
  const [records, asUser] = await Promise.all([portalRecords(deps.db, scope), ownUserPayee(deps.db, scope)]);
  const creators = records.creators.map((record): OwnPayee => ({ type: 'creator', id: record.id }));
  return asUser ? [...creators, { type: 'user', id: asUser.user.id }] : creators;
}

const ownPayeeIds = async (deps: AppDeps, request: FastifyRequest) =>
  (await ownPayees(deps, portalScope(requireExternal(request)))).map((payee) => payee.id);

/** The signed-in person's payee an id names; anyone else's is 404. */
async function ownPayee(deps: AppDeps, request: FastifyRequest, id: string): Promise<OwnPayee> {
  const payee = (await ownPayees(deps, portalScope(requireExternal(request)))).find((own) => own.id === id);
  if (!payee) throw new AppError('not_found', CREATOR_NOT_FOUND);
  return payee;
}

/** The portal's tax details: the signed-in creator, agent or manager signs a W-9 or W-8 for one of their records and reads them back. */
export const portalTaxFormRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/portal/tax_forms',
      {
        config: { policy: { who: EXTERNAL, apiKey: 'none', keyRefusal: portalOnly } },
        schema: {
          tags,
          summary: "The signed-in creator's, agent's or manager's signed tax forms with every organisation, newest first",
          response: { 200: z.array(taxFormSummary), ...errorResponses },
        },
      },
      async (request) => listPayeeFormSummaries(deps.db, await ownPayeeIds(deps, request)),
    );
    app.post(
      '/portal/tax_forms/:payee_id',
      {
        config: { policy: { who: EXTERNAL, apiKey: 'none', keyRefusal: portalOnly, acting: { refused: loginAsMessages.noSigning } } },
        schema: {
          tags,
          summary: "Sign a tax form for one of the signed-in person's payee records (creator, or their own as agent or manager)",
          params: payeeParams,
          body: signBody,
          response: { 200: taxFormSummary, ...errorResponses },
        },
      },
      async (request) => signPayeeForm(deps, request, await ownPayee(deps, request, request.params.payee_id), 'portal'),
    );
    app.get(
      '/portal/tax_forms/:id/pdf',
      {
        config: { policy: { who: EXTERNAL, apiKey: 'none', keyRefusal: portalOnly } },
        schema: { tags, summary: "One of the signed-in person's signed tax forms, as a PDF", params: idParams },
      },
      async (request, reply) => {
        const row = await findPayeeForm(deps.db, request.params.id, await ownPayeeIds(deps, request));
        return sendSignedFormPdf(deps, reply, row);
      },
    );
    app.get(
      '/portal/tax_delivery_consents',
      {
        config: { policy: { who: EXTERNAL, apiKey: 'none', keyRefusal: portalOnly } },
        schema: {
          tags,
          summary: "The signed-in person's latest answer, per payee record, on receiving tax forms electronically",
          response: { 200: z.array(taxDeliveryConsent.unwrap()), ...errorResponses },
        },
      },
      async (request) => latestDeliveryConsents(deps.db, await ownPayeeIds(deps, request)),
    );
    app.post(
      '/portal/tax_delivery_consent/:payee_id',
      {
        config: { policy: { who: EXTERNAL, apiKey: 'none', keyRefusal: portalOnly, acting: { refused: loginAsMessages.noSigning } } },
        schema: {
          tags,
          summary:
            "Give or withdraw consent to receive tax forms (1099, W-2) electronically, for one of the signed-in person's payee records",
          params: payeeParams,
          body: taxDeliveryConsentBody,
          response: { 200: taxDeliveryConsent.unwrap(), ...errorResponses },
        },
      },
      async (request) =>
        recordPayeeConsent(deps, request, {
          payee: await ownPayee(deps, request, request.params.payee_id),
          body: request.body,
          source: 'portal',
        }),
    );
  };
