import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import { CONNECT_CODE_SECONDS, accountingConnectCode, connectCodeMessages } from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import { requireStaff } from '../../plugins/auth.ts';
import { errorResponses } from '../../lib/schemas.ts';
import { ProviderCallError } from '../../providers/contract.ts';
import { AccountingValidationFault, accountingProvider } from '../../providers/accounting/index.ts';
import { completeConnection } from './connection.ts';
import { bindingCookie, isBoundHere, newBinding, readConnectState, signConnectState } from './connect-state.ts';
import { renderConnectedPage, renderConsentPage } from './consent-page.ts';
import { CONNECT_ROLES, issueConnectCode, redeemConnectCode } from './connect-codes.ts';
import { buildJournalEntries } from './journal.ts';
import { retryEntriesFailedForConnection } from './retries.ts';
import { MANAGERS } from '../../plugins/route-policy.ts';

const tags = ['Accounting'];
const EXPIRED_REQUEST = 'This connection request has expired';
const noStoreHtml = (nonce?: string) => ({
  // The popup's pages keep the opener (the app allows its popups that): Intuit's page sits between them.
  'cross-origin-opener-policy': 'unsafe-none',
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
  'content-security-policy': `default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'${nonce ? `; script-src 'nonce-${nonce}'` : ''}`,
});

/**
 * Connecting QuickBooks in the 800x650 popup (docs/accounting.md, Connecting): a single-use code
 * opens /api/qb/connect, which sends the popup to the consent (the sandbox's own page, or Intuit's
 * authorization page outside the sandbox) with a signed state bound to the popup by a cookie; the
 * callback exchanges Intuit's code for tokens.
 */
export const accountingConnectRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const provider = () => accountingProvider(deps);
    const finish = (reply: FastifyReply, nonce: string, connected: boolean, message: string) =>
      reply.header('set-cookie', bindingCookie('', deps.config.publicUrl, 0)).send(renderConnectedPage({ nonce, connected, message }));

    app.post(
      '/qb/connect_code',
      {
        config: { policy: { who: MANAGERS, apiKey: 'none' } },
        schema: {
          tags,
          summary: `A single-use code (${CONNECT_CODE_SECONDS} s) for the QuickBooks consent popup: open /api/qb/connect?code=<code>`,
          response: { 200: accountingConnectCode, ...errorResponses },
        },
      },
      async (request) => issueConnectCode(deps.db, requireStaff(request, CONNECT_ROLES)),
    );

    app.get(
      '/qb/connect',
      {
        config: { policy: { who: 'public', apiKey: 'read' } },
        schema: {
          tags,
          summary:
            "The QuickBooks consent, opened in an 800x650 popup with a code from POST /api/qb/connect_code (outside the sandbox: a redirect to Intuit's authorization page)",
          // jwt is named only to be refused: the session token must never travel in a URL.
          querystring: z.object({ code: z.string().max(200).optional(), jwt: z.string().max(2000).optional() }),
        },
      },
      async (request, reply) => {
        reply.headers(noStoreHtml()).type('text/html');
        if (request.query.jwt !== undefined)
          return reply.status(400).send(renderConsentPage({ state: '', error: connectCodeMessages.tokenInUrl }));
        const user = request.query.code ? await redeemConnectCode(deps.db, request.query.code) : null;
        if (!user) return reply.status(401).send(renderConsentPage({ state: '', error: connectCodeMessages.expired }));
        const binding = newBinding({ org_id: user.org_id, user_id: user.id });
        const state = signConnectState(deps, binding.claims);
        reply.header('set-cookie', bindingCookie(binding.cookie, deps.config.publicUrl));
        const consent = provider().consent;
        if (consent.kind === 'intuit') return reply.redirect(consent.authorizationUrl(state), 302);
        return reply.send(renderConsentPage({ state }));
      },
    );

    app.get(
      '/qb/connect/consent',
      {
        config: { policy: { who: 'public', apiKey: 'read' } },
        schema: {
          hide: true,
          querystring: z.object({
            state: z.string().max(1000),
            decision: z.string().max(10).optional(),
            company: z.string().max(200).optional(),
          }),
        },
      },
      async (request, reply) => {
        // Its redirects too: a redirect's opener policy counts, and the popup must keep its opener.
        reply.headers(noStoreHtml());
        const consent = provider().consent;
        const claims = readConnectState(deps, request.query.state);
        // Outside the sandbox the consent is Intuit's: this page does not exist.
        if (consent.kind !== 'sandbox') return reply.status(404).send({ message: 'Not found', code: 'not_found' });
        if (!claims)
          return reply
            .status(400)
            .type('text/html')
            .send(renderConsentPage({ state: '', error: 'This connection request has expired. Close this window and try again.' }));
        if (request.query.decision !== 'allow')
          return reply.redirect(`/api/qb/callback?error=access_denied&state=${encodeURIComponent(request.query.state)}`, 303);
        const grant = await consent.grant({ org_id: claims.org_id });
        const query = new URLSearchParams({ code: grant.code, state: request.query.state, realmId: grant.realm_id });
        return reply.redirect(`/api/qb/callback?${query}`, 303);
      },
    );

    app.get(
      '/qb/callback',
      {
        config: { policy: { who: 'public', apiKey: 'read' } },
        schema: {
          hide: true,
          querystring: z.object({
            state: z.string().max(1000),
            code: z.string().max(1000).optional(),
            realmId: z.string().max(40).optional(),
            error: z.string().max(100).optional(),
          }),
        },
      },
      async (request, reply) => {
        const nonce = randomBytes(16).toString('base64');
        reply.headers(noStoreHtml(nonce)).type('text/html');
        const found = readConnectState(deps, request.query.state);
        const claims = found && isBoundHere(found, request.headers.cookie) ? found : null;
        const { code, realmId } = request.query;
        if (request.query.error === 'access_denied') return finish(reply, nonce, false, 'QuickBooks was not connected');
        if (!claims || !code || !realmId) return finish(reply.status(400), nonce, false, EXPIRED_REQUEST);
        try {
          await completeConnection(deps, { org_id: claims.org_id, user_id: claims.user_id, code, realm_id: realmId });
        } catch (error) {
          if (error instanceof AccountingValidationFault)
            return finish(reply.status(400), nonce, false, 'QuickBooks refused the connection: try again');
          if (error instanceof ProviderCallError) return finish(reply.status(503), nonce, false, error.message);
          throw error;
        }
        await retryEntriesFailedForConnection(deps, claims.org_id);
        await buildJournalEntries(deps, claims.org_id);
        return finish(reply, nonce, true, 'QuickBooks is connected');
      },
    );
  };
