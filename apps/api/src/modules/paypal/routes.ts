import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paypalConsentBody, paypalOauthBody, paypalStatusAnswer } from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import { requireStaff } from '../../plugins/auth.ts';
import { AppError } from '../../lib/errors.ts';
import { errorResponses } from '../../lib/schemas.ts';
import { renderConsentPage } from './consent-page.ts';
import { completePaypalLink, deactivatePaypal, findPaypalStatus, grantConsent, openConsentState } from './service.ts';

const tags = ['PayPal'];
const answer = { 200: paypalStatusAnswer, ...errorResponses };

export const paypalRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/paypal/oauth', { schema: { tags, summary: 'PayPal link status and the consent URL', response: answer } }, async (request) =>
      findPaypalStatus(deps, requireStaff(request, ['owner', 'admin']).org_id),
    );
    app.post(
      '/paypal/oauth',
      {
        schema: {
          tags,
          summary: 'Complete the PayPal link with the code of the consent redirect',
          body: paypalOauthBody,
          response: answer,
        },
      },
      async (request) => completePaypalLink(deps, { org_id: requireStaff(request, ['owner', 'admin']).org_id, code: request.body.code }),
    );
    app.delete('/paypal/oauth', { schema: { tags, summary: 'Deactivate the PayPal link', response: answer } }, async (request) =>
      deactivatePaypal(deps, requireStaff(request, ['owner', 'admin']).org_id),
    );
  };

/** The sandbox PayPal's consent page: grants, then redirects back to /wallets?tab=paypal&code=... */
export const sandboxPaypalRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, raw, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(raw))));
    });
    app.get(
      '/paypal/consent',
      { config: { isPublic: true }, schema: { hide: true, querystring: z.object({ state: z.string().max(500) }) } },
      async (request, reply) => {
        try {
          openConsentState(deps, request.query.state);
        } catch (error) {
          return reply
            .status(400)
            .type('text/html')
            .send(renderConsentPage({ state: '', error: (error as Error).message }));
        }
        return reply.type('text/html').send(renderConsentPage({ state: request.query.state }));
      },
    );
    app.post(
      '/paypal/consent',
      { config: { isPublic: true }, schema: { hide: true, body: z.object({ state: z.string().max(500), email: z.string().max(254) }) } },
      async (request, reply) => {
        const parsed = paypalConsentBody.safeParse(request.body);
        if (!parsed.success)
          return reply
            .status(400)
            .type('text/html')
            .send(renderConsentPage({ state: request.body.state, error: 'Enter the email of your PayPal account' }));
        try {
          const code = await grantConsent(deps, parsed.data);
          return reply.redirect(`/wallets?tab=paypal&code=${encodeURIComponent(code)}`, 303);
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          return reply
            .status(400)
            .type('text/html')
            .send(renderConsentPage({ state: '', error: error.message }));
        }
      },
    );
  };
