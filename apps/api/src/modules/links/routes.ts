import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionAnswer, setPasswordFromLinkBody } from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import { errorResponses } from '../../lib/schemas.ts';
import { setPasswordFromLink } from '../auth/service.ts';
import { describeLink } from './describe.ts';

const tags = ['Links'];
const linkQuery = z.object({ id: z.string().min(1, 'Sorry! This link is no longer valid.').max(100) });
const linkInfo = z.object({ type: z.string(), email: z.string().nullable(), expires_at: z.string() });

/** Emailed links act without an account: the link id itself is the credential. */
export const linkRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/expiring_link',
      { config: { isPublic: true }, schema: { tags, summary: 'What a link is for', security: [], querystring: linkQuery, response: { 200: linkInfo, ...errorResponses } } },
      async (request) => describeLink(deps.db, request.query.id),
    );

    app.post(
      '/expiring_link',
      {
        config: { isPublic: true },
        schema: { tags, summary: 'Act on a link (set a password)', security: [], querystring: linkQuery, body: setPasswordFromLinkBody, response: { 200: sessionAnswer, ...errorResponses } },
      },
      async (request) => setPasswordFromLink(deps, { linkId: request.query.id, password: request.body.password }),
    );
  };
