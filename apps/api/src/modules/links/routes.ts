import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  invoiceLinkInfo,
  payInvoiceAnswer,
  payInvoiceBody,
  type InvoiceLinkInfo,
  type PayInvoiceBody,
  payeeLinkInfo,
  payeeSubmissionAnswer,
  sessionAnswer,
  setPasswordFromLinkBody,
  type PayeeLinkInfo,
  type SessionAnswer,
  loginAsMessages,
} from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { ExpiringLink } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { errorResponses } from '../../lib/schemas.ts';
import { describeLink } from './describe.ts';
import { findUsableLink } from './service.ts';

/**
 * What the modules that own each kind of link do with it. app.ts hands them in, so this module
 * imports neither auth nor payments (which both import links).
 */
type LinkHandlers = {
  describePayee: (db: DbOrTx, link: ExpiringLink) => Promise<PayeeLinkInfo>;
  submitPayee: (deps: AppDeps, linkId: string, body: unknown) => Promise<z.infer<typeof payeeSubmissionAnswer>>;
  setPassword: (deps: AppDeps, options: { linkId: string; password: string; code?: string | undefined }) => Promise<SessionAnswer>;
  describeInvoice: (deps: AppDeps, link: ExpiringLink) => Promise<InvoiceLinkInfo>;
  /** `payer`: where the request came from, the evidence of a bank debit's online mandate. */
  payInvoice: (
    deps: AppDeps,
    linkId: string,
    body: PayInvoiceBody,
    payer: { ip_address: string; user_agent: string },
  ) => Promise<z.infer<typeof payInvoiceAnswer>>;
};

const tags = ['Links'];
const linkQuery = z.object({
  id: z
    .string({ error: 'Sorry! This link is no longer valid.' })
    .min(1, 'Sorry! This link is no longer valid.')
    .max(100, 'Sorry! This link is no longer valid.'),
});
const linkInfo = z.object({ type: z.string(), email: z.string().nullable(), expires_at: z.string() });

function parseBody<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const [issue] = parsed.error.issues;
  throw new AppError('validation_error', issue?.message ?? 'Invalid request', { field: issue?.path.join('.') ?? '' });
}

/**
 * Emailed links act without an account: the link id itself is the credential. GET and POST
 * dispatch by the link's type: a payee link (payout details) or a password link.
 */
export const linkRoutes =
  (deps: AppDeps, handlers: LinkHandlers): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/expiring_link',
      {
        config: { policy: { who: 'public', apiKey: 'read' } },
        schema: {
          tags,
          summary: 'What a link is for',
          security: [],
          querystring: linkQuery,
          response: { 200: z.union([payeeLinkInfo, invoiceLinkInfo, linkInfo]), ...errorResponses },
        },
      },
      async (request) => {
        const link = await findUsableLink(deps.db, request.query.id);
        if (link.type === 'payee') return handlers.describePayee(deps.db, link);
        if (link.type === 'invoice_payment') return handlers.describeInvoice(deps, link);
        return describeLink(deps.db, request.query.id);
      },
    );

    app.post(
      '/expiring_link',
      {
        config: {
          policy: {
            who: 'public',
            apiKey: 'none',
            acting: { refused: loginAsMessages.noLinks },
            money: { kind: 'routes', act: "A payee's own payout details, through the link emailed to them", byLink: true },
          },
        },
        schema: {
          tags,
          summary: 'Act on a link: set a password, give payout details (payee), or pay an invoice',
          security: [],
          querystring: linkQuery,
          body: z.record(z.string(), z.unknown()),
          response: { 200: z.union([payeeSubmissionAnswer, payInvoiceAnswer, sessionAnswer]), ...errorResponses },
        },
      },
      async (request) => {
        const link = await findUsableLink(deps.db, request.query.id);
        if (link.type === 'payee') return handlers.submitPayee(deps, request.query.id, request.body);
        if (link.type === 'invoice_payment')
          return handlers.payInvoice(deps, request.query.id, parseBody(payInvoiceBody, request.body), {
            ip_address: request.ip,
            user_agent: request.headers['user-agent'] ?? 'unknown',
          });
        const body = parseBody(setPasswordFromLinkBody, request.body);
        return handlers.setPassword(deps, { linkId: request.query.id, password: body.password, code: body.code });
      },
    );
  };
