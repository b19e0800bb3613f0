import { Readable } from 'node:stream';
import { z } from 'zod';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  chargesByInvoice as chargesByInvoiceSchema,
  createInvoiceBody,
  invoiceExportQuery,
  invoiceIdsBody,
  invoiceListQuery,
  invoiceMessages,
  invoicePage,
  invoiceRecord,
  invoiceRemindersBody,
  MAX_CAMPAIGN_FILE_BYTES,
  portalInvoicePage,
  portalInvoiceQuery,
  refundBody,
  refundRecord,
  updateInvoiceBody,
  loginAsMessages,
} from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import type { Tx } from '../../db/client.ts';
import { recordAudit } from '../audit/index.ts';
import { requireAuth, requireStaff } from '../../plugins/auth.ts';
import { AppError } from '../../lib/errors.ts';
import { errorResponses, idParams } from '../../lib/schemas.ts';
import { idempotent } from '../../plugins/idempotency.ts';
import { paymentsInProvider } from '../../providers/payments-in/index.ts';
import { fileStorage } from '../../providers/storage/index.ts';
import { uploadInvoiceAttachment } from './attachments.ts';
import { invoicesCsv } from './csv.ts';
import { chargesByInvoice } from './charge-queries.ts';
import { allInvoices, getInvoice, listInvoices } from './queries.ts';
import { requestRefund } from './refunds.ts';
import { listPortalInvoices, portalPayLink } from './portal.ts';
import { portalInvoicePdf, portalReceiptPdf } from './portal-documents.ts';
import { invoicePdfOf, sendPdf } from './invoice-document.ts';
import { cancelInvoices, createInvoice, sendInvoiceReminders, updateInvoice } from './service.ts';
import { STAFF, MANAGERS, moneyAct } from '../../plugins/route-policy.ts';

const tags = ['Invoices'];
const countAnswer = z.object({ count: z.number().int(), message: z.string() });

/** Staff (owner, admin, team member) bill customers: invoices, their charges, reminders and the CSV report. */
export const invoiceRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const storage = fileStorage(deps);
    await app.register(multipart, { limits: { fileSize: MAX_CAMPAIGN_FILE_BYTES + 1, files: 1, fields: 2, fieldSize: 1000 } });
    const actorOf = (request: Parameters<typeof requireStaff>[0]) => {
      const user = requireStaff(request);
      return { org_id: user.org_id, user_id: user.id };
    };
    // Acting as a customer (login-as) shows the acting person's organisation's invoices only.
    const portalCustomer = (request: Parameters<typeof requireAuth>[0]) => {
      const auth = requireAuth(request);
      return { user: auth.user, only_org_id: auth.actor?.org_id ?? null };
    };

    app.get(
      '/invoices',
      {
        config: { policy: { who: STAFF, apiKey: 'read' } },
        schema: {
          tags,
          summary: 'A page of invoices of a tab (open, paid, canceled, all)',
          querystring: invoiceListQuery,
          response: { 200: invoicePage, ...errorResponses },
        },
      },
      async (request) => listInvoices(deps.db, { org_id: requireStaff(request).org_id, query: request.query }),
    );

    app.get(
      '/invoices/export',
      {
        config: { policy: { who: STAFF, apiKey: 'read' } },
        schema: { tags, summary: 'invoices_report.csv (formula-like cells escaped)', querystring: invoiceExportQuery },
      },
      async (request, reply) => {
        const chunks = allInvoices(deps.db, { org_id: requireStaff(request).org_id, query: request.query });
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="invoices_report.csv"')
          .header('cache-control', 'private, no-store')
          .send(Readable.from(invoicesCsv(chunks)));
      },
    );

    app.get(
      '/invoices/:id',
      {
        config: { policy: { who: STAFF, apiKey: 'read' } },
        schema: { tags, summary: 'One invoice', params: idParams, response: { 200: invoiceRecord, ...errorResponses } },
      },
      async (request) => getInvoice(deps.db, { org_id: requireStaff(request).org_id, id: request.params.id }),
    );

    // The invoice document (logo, line items, dates, "Paid" once paid) for the staff's download.
    app.get(
      '/invoices/:id/pdf',
      { config: { policy: { who: STAFF, apiKey: 'read' } }, schema: { tags, summary: 'The invoice as a PDF', params: idParams } },
      async (request, reply) => {
        const file = await invoicePdfOf(deps.db, { org_id: requireStaff(request).org_id, invoice_id: request.params.id });
        return sendPdf(reply, file);
      },
    );

    app.post(
      '/invoices',
      {
        config: { policy: { who: STAFF, apiKey: 'invoices:write' } },
        schema: {
          tags,
          summary: 'Send an invoice (emails the recipient and CC a pay link)',
          body: createInvoiceBody,
          response: { 200: invoiceRecord, ...errorResponses },
        },
      },
      async (request) => createInvoice(deps, actorOf(request), request.body),
    );

    app.put(
      '/invoices/:id',
      {
        config: { policy: { who: STAFF, apiKey: 'invoices:write', audit: { action: 'invoice.update', target: 'invoice' } } },
        schema: {
          tags,
          summary: 'Edit an invoice (not once paid); Mark as paid / unpaid for offline ones',
          params: idParams,
          body: updateInvoiceBody,
          response: { 200: invoiceRecord, ...errorResponses },
        },
      },
      async (request) => updateInvoice(deps, actorOf(request), request.params.id, request.body),
    );

    app.post(
      '/invoices/:id/cancel',
      {
        config: {
          policy: { who: STAFF, apiKey: 'invoices:write', audit: { action: 'invoice.cancel', details: () => ({}), target: 'invoice' } },
        },
        schema: { tags, summary: 'Cancel an open invoice', params: idParams, response: { 200: countAnswer, ...errorResponses } },
      },
      async (request) => ({
        count: await cancelInvoices(deps, actorOf(request), [request.params.id]),
        message: 'Invoice has been canceled',
      }),
    );

    app.post(
      '/invoices/cancel',
      {
        config: { policy: { who: STAFF, apiKey: 'invoices:write' } },
        schema: { tags, summary: 'Cancel open invoices', body: invoiceIdsBody, response: { 200: countAnswer, ...errorResponses } },
      },
      async (request) => {
        const user = requireStaff(request);
        // Each canceled invoice's timeline says who canceled it.
        const audit = async (tx: Tx, ids: string[]) => {
          for (const id of ids)
            await recordAudit(tx, {
              org_id: user.org_id,
              actor_user_id: request.auth?.actor?.id ?? user.id,
              user_id: user.id,
              action: 'invoice.cancel',
              target_id: id,
              target_type: 'invoice',
              status_code: 200,
            });
        };
        return { count: await cancelInvoices(deps, actorOf(request), request.body.ids, audit), message: 'Invoices have been canceled' };
      },
    );

    app.post(
      '/invoices/reminders',
      {
        config: { policy: { who: STAFF, apiKey: 'invoices:write' } },
        schema: {
          tags,
          summary: 'Remind the recipients of open invoices (email, or SMS to a customer with a phone)',
          body: invoiceRemindersBody,
          response: { 200: countAnswer, ...errorResponses },
        },
      },
      async (request) => ({ count: await sendInvoiceReminders(deps, actorOf(request), request.body), message: invoiceMessages.reminders }),
    );

    app.post(
      '/invoices/attachment',
      {
        config: { policy: { who: STAFF, apiKey: 'invoices:write' } },
        schema: {
          tags,
          summary: 'Upload the PDF sent with an invoice (multipart: file)',
          consumes: ['multipart/form-data'],
          response: { 200: z.object({ id: z.uuid(), file_name: z.string() }), ...errorResponses, 415: errorResponses[400] },
        },
      },
      async (request) => {
        const actor = actorOf(request);
        if (!request.isMultipart()) throw new AppError('unsupported_media_type', 'Send the file as multipart/form-data', { field: 'file' });
        let upload: { file_name: string; bytes: Buffer } | undefined;
        for await (const part of request.parts()) {
          if (part.type === 'file' && part.fieldname === 'file' && !upload) {
            const bytes = await part.toBuffer().catch((error: unknown) => {
              if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
                throw new AppError('validation_error', invoiceMessages.attachment, { field: 'file' });
              throw error;
            });
            upload = { file_name: part.filename, bytes };
          } else if (part.type === 'file') part.file.resume();
        }
        if (!upload) throw new AppError('validation_error', invoiceMessages.attachment, { field: 'file' });
        return uploadInvoiceAttachment({ db: deps.db, storage }, { ...actor, ...upload });
      },
    );

    app.get(
      '/portal/invoices',
      {
        config: { policy: { who: 'signed_in', apiKey: 'read' } },
        schema: {
          tags,
          summary: "A customer user's own invoices (portal)",
          querystring: portalInvoiceQuery,
          response: { 200: portalInvoicePage, ...errorResponses },
        },
      },
      async (request) => listPortalInvoices(deps.db, portalCustomer(request), request.query),
    );

    app.post(
      '/portal/invoices/:id/pay_link',
      {
        config: { policy: { who: 'signed_in', apiKey: 'none' } },
        schema: {
          tags,
          summary: "A pay link of the customer user's open invoice",
          params: idParams,
          response: { 200: z.object({ url: z.string() }), ...errorResponses },
        },
      },
      async (request) => portalPayLink(deps, portalCustomer(request), request.params.id),
    );

    // The customer's own invoice as a PDF, and the receipt of a paid one: 404 for anyone else's id.
    for (const [path, summary, render] of [
      ['pdf', "The customer user's own invoice as a PDF", portalInvoicePdf],
      ['receipt', "The receipt (PDF) of the customer user's own paid invoice", portalReceiptPdf],
    ] as const)
      app.get(
        `/portal/invoices/:id/${path}`,
        { config: { policy: { who: 'signed_in', apiKey: 'read' } }, schema: { tags, summary, params: idParams } },
        async (request, reply) => sendPdf(reply, await render(deps.db, portalCustomer(request), request.params.id)),
      );

    app.post(
      '/invoices/:id/refunds',
      {
        config: {
          policy: moneyAct({
            who: MANAGERS,
            acting: loginAsMessages.noApproving,
            money: { kind: 'moves', act: "Refund a customer's payment of an invoice" },
          }),
        },
        schema: {
          tags,
          summary: "Refund all or part of the invoice's payment (owners and admins)",
          description: 'Accepts an Idempotency-Key header: a repeat answers the first result and refunds nothing more.',
          params: idParams,
          body: refundBody,
          response: { 200: refundRecord, ...errorResponses },
        },
      },
      async (request, reply) => {
        const user = requireStaff(request, ['owner', 'admin']);
        return idempotent(
          deps.db,
          request,
          reply,
          { org_id: user.org_id, scope: `invoices.refund:${request.params.id}` },
          (tx, afterCommit) =>
            requestRefund(
              deps,
              { tx, afterCommit },
              {
                org_id: user.org_id,
                user_id: user.id,
                invoice_id: request.params.id,
                body: request.body,
                provider: paymentsInProvider(deps).name,
              },
            ),
        );
      },
    );

    app.get(
      '/charges',
      {
        config: { policy: { who: STAFF, apiKey: 'read' } },
        schema: {
          tags,
          summary: 'Charges (payment attempts) grouped by invoice_id',
          querystring: z.object({ invoice_id: z.uuid('Must be a valid id').optional() }),
          response: { 200: chargesByInvoiceSchema, ...errorResponses },
        },
      },
      async (request) => chargesByInvoice(deps.db, { org_id: requireStaff(request).org_id, invoice_id: request.query.invoice_id }),
    );
  };
