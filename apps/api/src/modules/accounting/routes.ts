import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CONNECT_CODE_SECONDS,
  accountingConnectCode,
  accountingConnection,
  accountMap,
  connectCodeMessages,
  accountMapBody,
  journalEntriesQuery,
  journalEntry,
  qbAccount,
  qbParty,
} from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import { requireStaff } from '../../plugins/auth.ts';
import { errorResponses, idParams } from '../../lib/schemas.ts';
import { AccountingValidationFault, accountingProvider } from '../../providers/accounting/index.ts';
import { completeConnection, listConnections, readConnectState, readQuickbooks, removeConnection, signConnectState } from './connection.ts';
import { renderConnectedPage, renderConsentPage } from './consent-page.ts';
import { CONNECT_ROLES, issueConnectCode, redeemConnectCode } from './connect-codes.ts';
import {
  buildJournalEntries,
  findJournalEntry,
  listJournalEntries,
  retryEntriesFailedForConnection,
  retryJournalEntry,
} from './journal.ts';
import { readAccountMap, saveAccountMap } from './mapping.ts';

const tags = ['Accounting'];
/** Connecting, mapping and retrying change the organisation's books: owners and admins. */
const MANAGERS = ['owner', 'admin'] as const;
const message = z.object({ message: z.string() });
const noStoreHtml = (nonce?: string) => ({
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
  'content-security-policy': `default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'${nonce ? `; script-src 'nonce-${nonce}'` : ''}`,
});

export const accountingRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const provider = () => accountingProvider(deps);

    app.post(
      '/qb/connect_code',
      {
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
        config: { isPublic: true },
        schema: {
          tags,
          summary: 'The QuickBooks consent page, opened in an 800x650 popup with a code from POST /api/qb/connect_code',
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
        return reply.send(renderConsentPage({ state: signConnectState(deps, { org_id: user.org_id, user_id: user.id }) }));
      },
    );

    app.get(
      '/qb/connect/consent',
      {
        config: { isPublic: true },
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
        const claims = readConnectState(deps, request.query.state);
        if (!claims)
          return reply
            .status(400)
            .headers(noStoreHtml())
            .type('text/html')
            .send(renderConsentPage({ state: '', error: 'This connection request has expired. Close this window and try again.' }));
        if (request.query.decision !== 'allow')
          return reply.redirect(`/api/qb/callback?error=access_denied&state=${encodeURIComponent(request.query.state)}`, 303);
        const grant = await provider().authorize({ org_id: claims.org_id });
        const query = new URLSearchParams({ code: grant.code, state: request.query.state, realmId: grant.realm_id });
        return reply.redirect(`/api/qb/callback?${query}`, 303);
      },
    );

    app.get(
      '/qb/callback',
      {
        config: { isPublic: true },
        schema: {
          hide: true,
          querystring: z.object({
            state: z.string().max(1000),
            code: z.string().max(200).optional(),
            realmId: z.string().max(40).optional(),
            error: z.string().max(100).optional(),
          }),
        },
      },
      async (request, reply) => {
        const nonce = randomBytes(16).toString('base64');
        reply.headers(noStoreHtml(nonce)).type('text/html');
        const claims = readConnectState(deps, request.query.state);
        const { code, realmId } = request.query;
        if (!claims || !code || !realmId)
          return reply.send(
            renderConnectedPage({
              nonce,
              connected: false,
              message: request.query.error === 'access_denied' ? 'QuickBooks was not connected' : 'This connection request has expired',
            }),
          );
        try {
          await completeConnection(deps, { ...claims, code, realm_id: realmId });
        } catch (error) {
          if (!(error instanceof AccountingValidationFault)) throw error;
          return reply
            .status(400)
            .send(renderConnectedPage({ nonce, connected: false, message: 'QuickBooks refused the connection: try again' }));
        }
        await retryEntriesFailedForConnection(deps, claims.org_id);
        await buildJournalEntries(deps, claims.org_id);
        return reply.send(renderConnectedPage({ nonce, connected: true, message: 'QuickBooks is connected' }));
      },
    );

    app.get(
      '/orgOauth',
      {
        schema: {
          tags,
          summary: 'The accounting connection (platform quickbooks), or an empty list',
          response: { 200: z.array(accountingConnection), ...errorResponses },
        },
      },
      async (request) => listConnections(deps, requireStaff(request).org_id),
    );

    app.delete(
      '/orgOauth',
      {
        schema: {
          tags,
          summary: 'Disconnect QuickBooks (the tokens are revoked)',
          querystring: idParams,
          response: { 200: message, ...errorResponses },
        },
      },
      async (request) => {
        await removeConnection(deps, requireStaff(request, MANAGERS).org_id, request.query.id);
        return { message: 'QuickBooks disconnected' };
      },
    );

    app.get(
      '/qb/accounts',
      { schema: { tags, summary: "The QuickBooks company's active accounts", response: { 200: z.array(qbAccount), ...errorResponses } } },
      async (request) => {
        const accounts = await readQuickbooks(deps, requireStaff(request).org_id, (auth) => provider().listAccounts(auth));
        return accounts.filter((account) => account.Active).map(({ Active: _active, ...account }) => account) as z.infer<
          typeof qbAccount
        >[];
      },
    );

    app.get(
      '/qb/vendors',
      { schema: { tags, summary: 'QuickBooks vendors', response: { 200: z.array(qbParty), ...errorResponses } } },
      async (request) => readQuickbooks(deps, requireStaff(request).org_id, (auth) => provider().listVendors(auth)),
    );

    app.get(
      '/qb/customers',
      { schema: { tags, summary: 'QuickBooks customers', response: { 200: z.array(qbParty), ...errorResponses } } },
      async (request) => readQuickbooks(deps, requireStaff(request).org_id, (auth) => provider().listCustomers(auth)),
    );

    app.get(
      '/qb/acctMap',
      { schema: { tags, summary: 'The account mapping', response: { 200: accountMap, ...errorResponses } } },
      async (request) => readAccountMap(deps, requireStaff(request).org_id),
    );

    app.post(
      '/qb/acctMap',
      {
        schema: {
          tags,
          summary: 'Save the account mapping (each account a JSON string {Id, Name}, plus unique_income_creator)',
          body: accountMapBody,
          response: { 200: accountMap, ...errorResponses },
        },
      },
      async (request) => {
        const { org_id } = requireStaff(request, MANAGERS);
        const saved = await readQuickbooks(deps, org_id, async () => saveAccountMap(deps, org_id, request.body));
        await buildJournalEntries(deps, org_id);
        return saved;
      },
    );

    app.get(
      '/qb/journalEntries',
      {
        schema: {
          tags,
          summary: 'Journal entries, newest first (the books are brought up to date first)',
          querystring: journalEntriesQuery,
          response: { 200: z.array(journalEntry), ...errorResponses },
        },
      },
      async (request) => {
        const { org_id } = requireStaff(request);
        await buildJournalEntries(deps, org_id);
        return listJournalEntries(deps, org_id, request.query);
      },
    );

    app.post(
      '/qb/journalEntries/:id/retry',
      {
        schema: {
          tags,
          summary: 'Try a failed journal entry again (after fixing the mapping)',
          params: idParams,
          response: { 200: journalEntry, ...errorResponses },
        },
      },
      async (request) => {
        const { org_id } = requireStaff(request, MANAGERS);
        await retryJournalEntry(deps, org_id, request.params.id);
        return findJournalEntry(deps, org_id, request.params.id);
      },
    );
  };
