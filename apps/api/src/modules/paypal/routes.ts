import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paypalConsentBody, paypalOauthBody, paypalStatusAnswer, loginAsMessages } from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import { requireStaff } from '../../plugins/auth.ts';
import { AppError } from '../../lib/errors.ts';
import { errorResponses } from '../../lib/schemas.ts';
import { consentSandboxPaypal } from '../../providers/paypal-accounts/index.ts';
import { renderConnectError, renderConsentPage } from './consent-page.ts';
import { completePaypalLink, deactivatePaypal, findPaypalStatus, INVALID_CONSENT, startPaypalOnboarding } from './service.ts';
import { MANAGERS, moneyAct } from '../../plugins/route-policy.ts';

const tags = ['PayPal'];
const answer = { 200: paypalStatusAnswer, ...errorResponses };

export const paypalRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/paypal/oauth',
      {
        config: { policy: { who: MANAGERS, apiKey: 'read' } },
        schema: { tags, summary: 'PayPal link status and the consent URL', response: answer },
      },
      async (request) => findPaypalStatus(deps, requireStaff(request, ['owner', 'admin']).org_id),
    );
    app.post(
      '/paypal/oauth',
      {
        config: {
          policy: moneyAct({
            who: MANAGERS,
            acting: loginAsMessages.noPayoutDetails,
            money: { kind: 'routes', act: "Link the organization's PayPal account (where PayPal payouts are sent from)" },
          }),
        },
        schema: {
          tags,
          summary: 'Complete the PayPal link with the code of the consent redirect',
          body: paypalOauthBody,
          response: answer,
        },
      },
      async (request) => completePaypalLink(deps, { org_id: requireStaff(request, ['owner', 'admin']).org_id, code: request.body.code }),
    );
    app.delete(
      '/paypal/oauth',
      { config: { policy: { who: MANAGERS, apiKey: 'none' } }, schema: { tags, summary: 'Deactivate the PayPal link', response: answer } },
      async (request) => deactivatePaypal(deps, requireStaff(request, ['owner', 'admin']).org_id),
    );
    // The browser follows the status's url here (no session header on a navigation): the sealed state says whose it is.
    app.get(
      '/paypal/onboard',
      {
        config: { policy: { who: 'public', apiKey: 'read' } },
        schema: { hide: true, querystring: z.object({ state: z.string().max(500) }) },
      },
      async (request, reply) => {
        try {
          return reply.redirect(await startPaypalOnboarding(deps, request.query.state), 303);
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          return reply
            .status(error.code === 'provider_unavailable' ? 503 : 400)
            .type('text/html')
            .send(renderConnectError(error.message));
        }
      },
    );
  };

/** The sandbox PayPal's onboarding page: agrees, then PayPal sends the browser back to /wallets?tab=paypal&code=... */
export const sandboxPaypalRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, raw, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(raw))));
    });
    app.get(
      '/paypal/consent',
      {
        config: { policy: { who: 'public', apiKey: 'read' } },
        schema: { hide: true, querystring: z.object({ referral: z.string().max(200) }) },
      },
      async (request, reply) => reply.type('text/html').send(renderConsentPage({ referral: request.query.referral })),
    );
    app.post(
      '/paypal/consent',
      {
        config: { policy: { who: 'public', apiKey: 'none' } },
        schema: { hide: true, body: z.object({ referral: z.string().max(200), email: z.string().max(254) }) },
      },
      async (request, reply) => {
        const parsed = paypalConsentBody.safeParse(request.body);
        if (!parsed.success)
          return reply
            .status(400)
            .type('text/html')
            .send(renderConsentPage({ referral: request.body.referral, error: 'Enter the email of your PayPal account' }));
        const location = await consentSandboxPaypal(deps.db, { tracking_id: parsed.data.referral, email: parsed.data.email });
        if (!location)
          return reply
            .status(400)
            .type('text/html')
            .send(renderConsentPage({ referral: '', error: INVALID_CONSENT }));
        return reply.redirect(location, 303);
      },
    );
  };
