import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { initiatePaymentsBody, loginAsMessages, payoutAbroadStatus, payoutQuote, rfiAnswerBody } from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import { errorResponses, idParams } from '../../lib/schemas.ts';
import { requireExternal, requireStaff } from '../../plugins/auth.ts';
import { EXTERNAL, MANAGERS, STAFF, moneyAct } from '../../plugins/route-policy.ts';
import { quoteExecution } from './nium-quotes.ts';
import { abroadStatus, answerRfi, payeeAbroadPayouts, payeeOrgOfPayment } from './nium-status.ts';

const tags = ['Payments abroad'];
const portalOnly = 'This is only available to creators and customers';

/** Payments abroad: the Execute dialog's quotes, each payment's status at Nium, and RFIs answered by the owner or the payee. */
export const abroadPaymentRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/payments/initiate/quotes',
      {
        config: { policy: { who: MANAGERS, apiKey: 'none' } },
        schema: {
          tags,
          summary: 'A payout quote for each payment Execute would send abroad now: rate, fee, what the payee receives, expiry',
          body: initiatePaymentsBody,
          response: { 200: z.object({ quotes: z.array(payoutQuote) }), ...errorResponses },
        },
      },
      async (request) => quoteExecution(deps, requireStaff(request, MANAGERS).org_id, request.body),
    );

    app.get(
      '/payments/:id/abroad',
      {
        config: { policy: { who: STAFF, apiKey: 'read' } },
        schema: {
          tags,
          summary: "A payment abroad at Nium: status, what the payee receives, expected arrival, Nium's open questions (RFIs)",
          params: idParams,
          response: { 200: payoutAbroadStatus, ...errorResponses },
        },
      },
      async (request) => abroadStatus(deps, requireStaff(request).org_id, request.params.id),
    );

    app.post(
      '/payments/:id/rfi',
      {
        config: {
          policy: moneyAct({
            who: MANAGERS,
            acting: loginAsMessages.noApproving,
            money: { kind: 'routes', act: "Answer Nium's request for information on a payment abroad" },
          }),
        },
        schema: {
          tags,
          summary: "Answer Nium's question about a payment abroad",
          params: idParams,
          body: rfiAnswerBody,
          response: { 200: payoutAbroadStatus, ...errorResponses },
        },
      },
      async (request) => answerRfi(deps, requireStaff(request, MANAGERS).org_id, request.params.id, request.body),
    );

    app.get(
      '/portal/payouts-abroad',
      {
        config: { policy: { who: EXTERNAL, apiKey: 'none', keyRefusal: portalOnly } },
        schema: {
          tags,
          summary: "The signed-in payee's payments abroad: status, expected arrival, Nium's questions",
          response: { 200: z.array(payoutAbroadStatus), ...errorResponses },
        },
      },
      async (request) => {
        const auth = requireExternal(request);
        return payeeAbroadPayouts(deps, auth.user.id, auth.actor?.org_id ?? null);
      },
    );

    app.post(
      '/portal/payments/:id/rfi',
      {
        config: {
          policy: moneyAct({
            who: EXTERNAL,
            keyRefusal: portalOnly,
            acting: loginAsMessages.noPayoutDetails,
            money: { kind: 'routes', act: "The payee answers Nium's request for information on their payment" },
          }),
        },
        schema: {
          tags,
          summary: "The payee answers Nium's question about their payment abroad",
          params: idParams,
          body: rfiAnswerBody,
          response: { 200: payoutAbroadStatus, ...errorResponses },
        },
      },
      async (request) => {
        const auth = requireExternal(request);
        const orgId = await payeeOrgOfPayment(deps.db, auth.user.id, request.params.id);
        return answerRfi(deps, orgId, request.params.id, request.body);
      },
    );
  };
