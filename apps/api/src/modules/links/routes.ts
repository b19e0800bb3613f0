import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { payeeLinkInfo, payeeSubmissionAnswer, sessionAnswer, setPasswordFromLinkBody } from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { errorResponses } from '../../lib/schemas.ts';
import { setPasswordFromLink } from '../auth/service.ts';
import { describePayeeLink, submitPayeeLink } from '../payments/payee.ts';
import { describeLink } from './describe.ts';
import { findUsableLink } from './service.ts';

const tags = ['Links'];
const linkQuery = z.object({ id: z.string().min(1, 'Sorry! This link is no longer valid.').max(100) });
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
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/expiring_link',
      {
        config: { isPublic: true },
        schema: { tags, summary: 'What a link is for', security: [], querystring: linkQuery, response: { 200: z.union([payeeLinkInfo, linkInfo]), ...errorResponses } },
      },
      async (request) => {
        const link = await findUsableLink(deps.db, request.query.id);
        if (link.type === 'payee') return describePayeeLink(deps.db, link);
        return describeLink(deps.db, request.query.id);
      },
    );

    app.post(
      '/expiring_link',
      {
        config: { isPublic: true },
        schema: {
          tags,
          summary: 'Act on a link: set a password, or give payout details (payee)',
          security: [],
          querystring: linkQuery,
          body: z.record(z.string(), z.unknown()),
          response: { 200: z.union([payeeSubmissionAnswer, sessionAnswer]), ...errorResponses },
        },
      },
      async (request) => {
        const link = await findUsableLink(deps.db, request.query.id);
        if (link.type === 'payee') return submitPayeeLink(deps, request.query.id, request.body);
        const body = parseBody(setPasswordFromLinkBody, request.body);
        return setPasswordFromLink(deps, { linkId: request.query.id, password: body.password });
      },
    );
  };
