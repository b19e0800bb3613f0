import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createPaymentsAnswer,
  createPaymentsBody,
  idsBody,
  initiateAnswer,
  initiatePaymentsBody,
  initiatePreview,
  paymentBatchProgress,
  paymentMessages,
  paymentRecord,
  paymentsListQuery,
  paymentsPage,
  paymentTotalsAnswer,
  updatePaymentBody,
  loginAsMessages,
} from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import { requireStaff } from '../../plugins/auth.ts';
import { idempotent } from '../../plugins/idempotency.ts';
import { errorResponses, idParams } from '../../lib/schemas.ts';
import { assertCampaignOfOrg } from '../campaigns/index.ts';
import { recordAudit } from '../audit/index.ts';
import { batchProgress } from './batches.ts';
import { createPayments } from './create.ts';
import { deletePayments } from './edit.ts';
import { enteredCurrencyOf, updatePayment } from './edit.ts';
import { entryRates } from './fx-amounts.ts';
import { initiatePayments } from './execute.ts';
import { previewExecution } from './preview.ts';
import { lockQuotes } from './nium-quotes.ts';
import { markCreatedBy } from './created-by.ts';
import { getPayment, listPayments, paymentTotals } from './queries.ts';
import { releasePaymentHolds, sendReminders } from './reminders.ts';
import { STAFF, MANAGERS, moneyAct } from '../../plugins/route-policy.ts';

const tags = ['Payments'];

/** Execution's audit details: how many payments were asked for (ids stay out). */
const requestedCount = (request: FastifyRequest) => {
  const ids = (request.body as { ids?: unknown } | null)?.ids;
  return { requested: Array.isArray(ids) ? ids.length : 0 };
};
const messageAnswer = z.object({ message: z.string(), count: z.number().int() });
/** The spec's array of ids (an email each), or {ids, channel}: sms texts the recipients with a phone number. */
const remindersBody = z.union([
  z
    .array(z.uuid())
    .min(1)
    .max(10_000)
    .transform((ids) => ({ ids, channel: 'email' as const })),
  idsBody.extend({ channel: z.enum(['sms', 'email']).default('email') }),
]);

export const paymentRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/payments',
      {
        config: { policy: { who: STAFF, apiKey: 'read' } },
        schema: {
          tags,
          summary: 'Payments, a page of a tab',
          querystring: paymentsListQuery,
          response: { 200: paymentsPage, ...errorResponses },
        },
      },
      async (request) => {
        const user = requireStaff(request);
        if (request.query.payment_group_id) await assertCampaignOfOrg(deps.db, { org_id: user.org_id, id: request.query.payment_group_id });
        return listPayments(deps.db, { org_id: user.org_id, ...request.query });
      },
    );

    app.get(
      '/payments/totals',
      {
        config: { policy: { who: STAFF, apiKey: 'read' } },
        schema: {
          tags,
          summary: 'Pending and completed totals',
          querystring: z.object({ recipient: z.uuid().optional() }),
          response: { 200: paymentTotalsAnswer, ...errorResponses },
        },
      },
      async (request) => paymentTotals(deps.db, { org_id: requireStaff(request).org_id, recipient: request.query.recipient }),
    );

    app.get(
      '/payments/batches/:id',
      {
        config: { policy: { who: STAFF, apiKey: 'read' } },
        schema: {
          tags,
          summary: "An execution's progress: payouts executed, waiting for payout details, failed, remaining",
          params: idParams,
          response: { 200: paymentBatchProgress, ...errorResponses },
        },
      },
      async (request) => batchProgress(deps.db, requireStaff(request).org_id, request.params.id),
    );

    app.get(
      '/payments/:id',
      {
        config: { policy: { who: STAFF, apiKey: 'read' } },
        schema: { tags, summary: 'One payment', params: idParams, response: { 200: paymentRecord, ...errorResponses } },
      },
      async (request) => getPayment(deps.db, requireStaff(request).org_id, request.params.id),
    );

    app.post(
      '/payments',
      {
        config: { policy: { who: STAFF, apiKey: 'payments:write' } },
        schema: {
          tags,
          summary: 'Create draft payments (amounts are computed here)',
          body: createPaymentsBody,
          response: { 200: createPaymentsAnswer, ...errorResponses },
        },
      },
      async (request, reply) => {
        const user = requireStaff(request);
        // Rows in a payee's currency: its rate is asked of Nium before any transaction opens.
        const rates = await entryRates(
          deps,
          user.org_id,
          request.body.map((row) => row.amount_currency),
        );
        // One Idempotency-Key per submission of the form: a retried Save creates the drafts once.
        return idempotent(deps.db, request, reply, { org_id: user.org_id, scope: 'payments.create' }, async (tx) => {
          const data = await createPayments(deps, tx, user.org_id, request.body, rates);
          // Settings > Approvals: a payment's creator cannot approve it.
          await markCreatedBy(tx, user.id, data);
          return { data };
        });
      },
    );

    app.put(
      '/payments',
      {
        config: { policy: { who: STAFF, apiKey: 'payments:write' } },
        schema: { tags, summary: 'Edit a draft payment', body: updatePaymentBody, response: { 200: paymentRecord, ...errorResponses } },
      },
      async (request) => {
        const user = requireStaff(request);
        const editor = { id: user.id, actor_id: request.auth?.actor?.id ?? user.id };
        const body = {
          ...request.body,
          amount_currency: request.body.amount_currency ?? (await enteredCurrencyOf(deps.db, user.org_id, request.body.id)),
        };
        const rates = await entryRates(deps, user.org_id, [body.amount_currency]);
        return deps.db.transaction((tx) => updatePayment(deps, tx, user.org_id, body, editor, rates));
      },
    );

    app.delete(
      '/payments',
      {
        config: { policy: { who: STAFF, apiKey: 'payments:write' } },
        schema: {
          tags,
          summary: 'Delete draft and awaiting input payments',
          body: idsBody,
          response: { 200: messageAnswer, ...errorResponses },
        },
      },
      async (request) => {
        const user = requireStaff(request);
        const count = await deps.db.transaction(async (tx) => {
          const deleted = await deletePayments(tx, user.org_id, request.body.ids, (rows) => releasePaymentHolds(tx, user.org_id, rows));
          // Each deleted payment's timeline says who deleted it.
          for (const id of new Set(request.body.ids))
            await recordAudit(tx, {
              org_id: user.org_id,
              actor_user_id: request.auth?.actor?.id ?? user.id,
              user_id: user.id,
              action: 'payments.delete',
              target_id: id,
              target_type: 'payment',
              status_code: 200,
            });
          return deleted;
        });
        return { message: paymentMessages.deleted, count };
      },
    );

    app.put(
      '/payments/initiate',
      {
        config: {
          policy: moneyAct({
            who: MANAGERS,
            acting: loginAsMessages.noApproving,
            audit: { action: 'payments.execute', details: requestedCount },
            money: { kind: 'moves', act: 'Execute payments' },
          }),
        },
        schema: {
          tags,
          summary: 'Execute payments: hold the funds and start the payouts',
          description: 'Owner and admin. Accepts an Idempotency-Key header: a repeat answers the first result and moves nothing.',
          body: initiatePaymentsBody,
          response: { 200: initiateAnswer, ...errorResponses },
        },
      },
      async (request, reply) => {
        const user = requireStaff(request, ['owner', 'admin']);
        // The payout quotes the owner confirmed are locked at Nium first, with no transaction open (expired: 409, quote again).
        const quotes = request.body.quote_ids ? await lockQuotes(deps, user.org_id, request.body.quote_ids) : undefined;
        return idempotent(deps.db, request, reply, { org_id: user.org_id, scope: 'payments.initiate' }, async (tx, afterCommit) => {
          const result = await initiatePayments(
            deps,
            { tx, afterCommit, executedBy: user.id, ...(quotes ? { quotes } : {}) },
            user.org_id,
            request.body,
          );
          // The batch names the payments it held: each payment's timeline finds who executed it, and the amount held.
          await request.recordAudit(tx, { ...requestedCount(request), batch_id: result.batch_id ?? null }, result.held);
          return result;
        });
      },
    );

    app.post(
      '/payments/initiate/preview',
      {
        config: { policy: { who: MANAGERS, apiKey: 'payments:write' } },
        schema: {
          tags,
          summary: 'What executing these payments would do (count, amounts, fees, waiting for payout details)',
          body: initiatePaymentsBody,
          response: { 200: initiatePreview, ...errorResponses },
        },
      },
      async (request) => {
        const user = requireStaff(request, ['owner', 'admin']);
        return previewExecution(deps, user.org_id, request.body, user.id);
      },
    );

    app.post(
      '/payments/reminders',
      {
        config: { policy: { who: STAFF, apiKey: 'payments:write' } },
        schema: {
          tags,
          summary: 'Send payee links again, by email or by SMS',
          body: remindersBody,
          response: { 200: messageAnswer, ...errorResponses },
        },
      },
      async (request) => {
        const user = requireStaff(request);
        const count = await sendReminders(deps, user.org_id, request.body);
        return { message: paymentMessages.reminded, count };
      },
    );
  };
