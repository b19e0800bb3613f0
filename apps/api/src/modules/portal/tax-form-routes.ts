import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { taxDeliveryConsent, taxDeliveryConsentBody, taxFormSummary } from '@crewpay/core';
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
import { portalRecords, portalScope } from './scope.ts';

const tags = ['Creator portal'];
const signBody = z.record(z.string(), z.unknown());
const payeeParams = z.object({ payee_id: z.uuid() });

/** The portal's tax details: the signed-in creator signs a W-9 or W-8 for one of their records and reads them back. */
export const portalTaxFormRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
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
        return listPayeeFormSummaries(
          deps.db,
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
        return signPayeeForm(deps, request, { type: 'creator', id: request.params.payee_id }, 'portal');
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
        return sendSignedFormPdf(deps, reply, row);
      },
    );
    app.get(
      '/portal/tax_delivery_consents',
      {
        schema: {
          tags,
          summary: "The signed-in creator's latest answer, per record, on receiving tax forms electronically",
          response: { 200: z.array(taxDeliveryConsent.unwrap()), ...errorResponses },
        },
      },
      async (request) => {
        const records = await portalRecords(deps.db, portalScope(requireExternal(request)));
        return latestDeliveryConsents(
          deps.db,
          records.creators.map((record) => record.id),
        );
      },
    );
    app.post(
      '/portal/tax_delivery_consent/:payee_id',
      {
        schema: {
          tags,
          summary: "Give or withdraw consent to receive tax forms (1099, W-2) electronically, for one of the signed-in creator's records",
          params: payeeParams,
          body: taxDeliveryConsentBody,
          response: { 200: taxDeliveryConsent.unwrap(), ...errorResponses },
        },
      },
      async (request) => {
        const records = await portalRecords(deps.db, portalScope(requireExternal(request)));
        if (!records.creators.some((record) => record.id === request.params.payee_id)) throw new AppError('not_found', 'Creator not found');
        return recordPayeeConsent(deps, request, {
          payee: { type: 'creator', id: request.params.payee_id },
          body: request.body,
          source: 'portal',
        });
      },
    );
  };
