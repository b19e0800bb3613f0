import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  creatorUserRecord,
  creatorUserUpdateBody,
  portalHomeAnswer,
  portalPageQuery,
  portalPaymentPage,
  portalStatementQuery,
  portalTaxDocument,
  portalTaxDocumentParams,
  loginAsMessages,
  payeeAbroadSubmissionBody,
  payeeAbroadView,
} from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import { requireExternal } from '../../plugins/auth.ts';
import { errorResponses, idParams } from '../../lib/schemas.ts';
import { listIssuedTaxForms, renderOwnTaxForm } from '../taxes/index.ts';
import { ownAbroadDetails, updateOwnAbroadDetails } from './abroad.ts';
import { listOwnPayments } from './queries.ts';
import { paymentStatementCsv } from './statement.ts';
import { portalRecords, portalScope } from './scope.ts';
import { listOwnCreatorRecords, portalHome, updateOwnCreatorRecord } from './service.ts';
import { EXTERNAL, moneyAct } from '../../plugins/route-policy.ts';

const tags = ['Creator portal'];
/** What an API key is told on the portal's routes: they answer about the signed-in person's own records. */
const portalOnly = 'This is only available to creators and customers';

/** The creator and customer portal's calls: each answers only about the caller's own records. */
export const portalRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/creators/user',
      {
        config: { policy: { who: EXTERNAL, apiKey: 'none', keyRefusal: portalOnly } },
        schema: {
          tags,
          summary: "The signed-in creator's records, one per organization",
          response: { 200: z.array(creatorUserRecord), ...errorResponses },
        },
      },
      async (request) => listOwnCreatorRecords(deps.db, portalScope(requireExternal(request))),
    );

    app.put(
      '/creators/user/:id',
      {
        config: {
          policy: moneyAct({
            who: EXTERNAL,
            keyRefusal: portalOnly,
            acting: loginAsMessages.noPayoutDetails,
            money: { kind: 'routes', act: 'A signed-in creator, agent or manager changes their own payout details' },
          }),
        },
        schema: {
          tags,
          summary: "Update the signed-in creator's payout, tax and address details with one organization",
          params: idParams,
          body: creatorUserUpdateBody,
          response: { 200: creatorUserRecord, ...errorResponses },
        },
      },
      async (request) => {
        const auth = requireExternal(request);
        return updateOwnCreatorRecord(deps, {
          scope: portalScope(auth),
          id: request.params.id,
          body: request.body,
          changed_by_user_id: auth.actor?.id ?? auth.user.id,
        });
      },
    );

    app.get(
      '/creators/user/:id/abroad',
      {
        config: { policy: { who: EXTERNAL, apiKey: 'none', keyRefusal: portalOnly } },
        schema: {
          tags,
          summary: "The signed-in creator's bank details abroad with one organization (numbers as tok_ values and last 4), or null",
          params: idParams,
          response: { 200: payeeAbroadView.nullable(), ...errorResponses },
        },
      },
      async (request) => ownAbroadDetails(deps.db, portalScope(requireExternal(request)), request.params.id),
    );

    app.put(
      '/creators/user/:id/abroad',
      {
        config: {
          policy: moneyAct({
            who: EXTERNAL,
            keyRefusal: portalOnly,
            acting: loginAsMessages.noPayoutDetails,
            money: { kind: 'routes', act: 'A signed-in creator gives or changes their bank details abroad (paid through Nium)' },
          }),
        },
        schema: {
          tags,
          summary: "Set the signed-in creator's country, bank details abroad, name and address with one organization; paid through Nium",
          params: idParams,
          body: payeeAbroadSubmissionBody,
          response: { 200: payeeAbroadView, ...errorResponses },
        },
      },
      async (request) => {
        const auth = requireExternal(request);
        return updateOwnAbroadDetails(deps, {
          scope: portalScope(auth),
          id: request.params.id,
          body: request.body,
          changed_by_user_id: auth.actor?.id ?? auth.user.id,
        });
      },
    );

    app.get(
      '/portal/home',
      {
        config: { policy: { who: EXTERNAL, apiKey: 'none', keyRefusal: portalOnly } },
        schema: { tags, summary: "The portal home's counts and to-do list", response: { 200: portalHomeAnswer, ...errorResponses } },
      },
      async (request) => portalHome(deps.db, portalScope(requireExternal(request))),
    );

    app.get(
      '/portal/payments',
      {
        config: { policy: { who: EXTERNAL, apiKey: 'none', keyRefusal: portalOnly } },
        schema: {
          tags,
          summary: 'Payments made to the signed-in creator, newest first, one page at a time',
          querystring: portalPageQuery,
          response: { 200: portalPaymentPage, ...errorResponses },
        },
      },
      async (request) => {
        const scope = portalScope(requireExternal(request));
        const records = await portalRecords(deps.db, scope);
        return listOwnPayments(deps.db, { scope, records, ...request.query });
      },
    );

    app.get(
      '/portal/payments/statement',
      {
        config: { policy: { who: EXTERNAL, apiKey: 'none', keyRefusal: portalOnly } },
        schema: {
          tags,
          summary: "A statement (CSV) of the signed-in payee's payments over a date range, with payers and campaigns by name",
          querystring: portalStatementQuery,
          produces: ['text/csv'],
        },
      },
      async (request, reply) => {
        const scope = portalScope(requireExternal(request));
        const records = await portalRecords(deps.db, scope);
        const statement = await paymentStatementCsv(deps.db, { scope, records, query: request.query });
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${statement.file_name}"`)
          .header('cache-control', 'no-store')
          .send(statement.csv);
      },
    );

    app.get(
      '/portal/tax_documents',
      {
        config: { policy: { who: EXTERNAL, apiKey: 'none', keyRefusal: portalOnly } },
        schema: {
          tags,
          summary: 'The tax forms (1099-NEC, W-2) organizations issued to the signed-in creator, newest year first',
          response: { 200: z.array(portalTaxDocument), ...errorResponses },
        },
      },
      async (request) => {
        const records = await portalRecords(deps.db, portalScope(requireExternal(request)));
        return listIssuedTaxForms(deps.db, records.creators);
      },
    );

    app.get(
      '/portal/tax_documents/:creator_id/:year/pdf',
      {
        config: { policy: { who: EXTERNAL, apiKey: 'none', keyRefusal: portalOnly } },
        schema: { tags, summary: "The signed-in creator's own issued form of a year, as a PDF", params: portalTaxDocumentParams },
      },
      async (request, reply) => {
        const records = await portalRecords(deps.db, portalScope(requireExternal(request)));
        const { pdf, form } = await renderOwnTaxForm(deps, { records: records.creators, ...request.params });
        return reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="${request.params.year}-Form-${form}.pdf"`)
          .header('cache-control', 'no-store')
          .send(Buffer.from(pdf));
      },
    );
  };
