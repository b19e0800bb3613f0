import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cardToken, cardTokenBody, loginAsMessages, payInvoiceAnswer } from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { errorResponses } from '../../lib/schemas.ts';
import {
  authenticateSandboxCharge,
  createSandboxPublicToken,
  SANDBOX_BANK_PASSWORD,
  SANDBOX_BANK_USERNAME,
  sandboxInstitutions,
  tokeniseSandboxCard,
} from '../../providers/payments-in/index.ts';
import { fileStorage } from '../../providers/storage/index.ts';
import { attachmentDisposition } from '../files/index.ts';
import { findUsableLink, INVALID_LINK_MESSAGE } from '../links/index.ts';
import { deliverDueSandboxEvents } from '../provider-calls/index.ts';
import { openInvoiceAttachment } from './attachments.ts';
import { leaveWaitingPayment, openBankLink } from './pay.ts';
import { invoicePdfOf, sendPdf } from './invoice-document.ts';

const tags = ['Invoice payment'];
const linkQuery = z.object({ id: z.string({ error: INVALID_LINK_MESSAGE }).min(1, INVALID_LINK_MESSAGE).max(100, INVALID_LINK_MESSAGE) });

async function invoiceLink(deps: AppDeps, linkId: string) {
  const link = await findUsableLink(deps.db, linkId);
  const invoiceId = link.payload.invoice_id;
  if (link.type !== 'invoice_payment' || typeof invoiceId !== 'string' || !link.org_id) throw new AppError('gone', INVALID_LINK_MESSAGE);
  return { org_id: link.org_id, invoice_id: invoiceId };
}

/** What the public pay page calls besides the link itself: the bank-link token and the attached PDF; in the sandbox, the card tokeniser, 3-D Secure and the bank login. */
export const invoicePayRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const storage = fileStorage(deps);

    app.get(
      '/plaid_link_token',
      {
        config: { policy: { who: 'public', apiKey: 'read' } },
        schema: {
          tags,
          summary:
            "A bank-link token for the payer of an invoice link (Stripe Financial Connections' client secret; the sandbox's link token)",
          security: [],
          querystring: linkQuery,
          response: { 200: z.object({ token: z.string() }), ...errorResponses },
        },
      },
      async (request) => openBankLink(deps, request.query.id),
    );

    app.get(
      '/invoices/pay/attachment',
      {
        config: { policy: { who: 'public', apiKey: 'read' } },
        schema: { tags, summary: "The invoice's attached PDF, through its emailed link", security: [], querystring: linkQuery },
      },
      async (request, reply) => {
        const { file, stream } = await openInvoiceAttachment({ db: deps.db, storage }, await invoiceLink(deps, request.query.id));
        return reply
          .header('content-type', 'application/pdf')
          .header('content-length', String(file.size))
          .header('content-disposition', attachmentDisposition(file.file_name))
          .header('cache-control', 'private, no-store')
          .send(stream);
      },
    );

    // The invoice document itself (not an uploaded attachment), for the payer on the pay page.
    app.get(
      '/invoices/pay/pdf',
      {
        config: { policy: { who: 'public', apiKey: 'read' } },
        schema: { tags, summary: 'The invoice as a PDF, through its emailed link', security: [], querystring: linkQuery },
      },
      async (request, reply) => sendPdf(reply, await invoicePdfOf(deps.db, await invoiceLink(deps, request.query.id))),
    );

    app.post(
      '/invoices/pay/another_method',
      {
        config: { policy: { who: 'public', apiKey: 'none', acting: { refused: loginAsMessages.noLinks } } },
        schema: {
          tags,
          summary:
            'The payer leaves the payment waiting for them (3-D Secure, micro-deposits) to pay another way: it is canceled, unless it went through meanwhile',
          security: [],
          querystring: linkQuery,
          response: { 200: payInvoiceAnswer, ...errorResponses },
        },
      },
      async (request) => leaveWaitingPayment(deps, request.query.id),
    );

    if (!deps.config.isSandbox) return;

    app.post(
      '/sandbox_payments/card_tokens',
      {
        config: { policy: { who: 'public', apiKey: 'none' } },
        schema: {
          tags,
          summary: "Sandbox only: the card processor's tokeniser (Stripe.js's part): the number goes here, the page keeps a token",
          security: [],
          body: cardTokenBody,
          response: { 200: cardToken, ...errorResponses },
        },
      },
      async (request) => tokeniseSandboxCard(deps, request.body.number),
    );

    app.post(
      '/sandbox_payments/authenticate',
      {
        config: { policy: { who: 'public', apiKey: 'none' } },
        schema: {
          tags,
          summary: "Sandbox only: the card issuer's 3-D Secure step (Stripe.js's handleNextAction): complete or fail it",
          security: [],
          body: z.object({
            client_secret: z.string().regex(/^pi_[a-f0-9]{24}_secret_[a-f0-9]{24}$/, 'Invalid client secret'),
            outcome: z.enum(['complete', 'fail']),
          }),
          response: { 200: z.object({ status: z.enum(['succeeded', 'failed']) }), ...errorResponses },
        },
      },
      async (request) => {
        const { status } = await authenticateSandboxCharge(deps, request.body);
        // The card's answer is due at once: delivered now through the webhook receiver, as the outbox runner delivers a call's.
        await deliverDueSandboxEvents(deps);
        return { status };
      },
    );

    app.post(
      '/sandbox_payments/bank_link',
      {
        config: { policy: { who: 'public', apiKey: 'none' } },
        schema: {
          tags,
          summary: 'Sandbox only: the bank-link login (Plaid Link in the sandbox: user_good / pass_good)',
          security: [],
          body: z.object({
            link_token: z.string().regex(/^link-sandbox-[a-f0-9]{32}$/, 'Invalid link token'),
            institution: z.enum(sandboxInstitutions),
            username: z.string().max(100),
            password: z.string().max(100),
          }),
          response: {
            200: z.object({
              public_token: z.string(),
              accounts: z.array(z.object({ id: z.string(), name: z.string(), mask: z.string() })),
            }),
            ...errorResponses,
          },
        },
      },
      async (request) => {
        const { username, password } = request.body;
        if (username !== SANDBOX_BANK_USERNAME || password !== SANDBOX_BANK_PASSWORD)
          throw new AppError('validation_error', 'The username or password provided were not correct.', { field: 'password' });
        return createSandboxPublicToken(deps, request.body);
      },
    );
  };
