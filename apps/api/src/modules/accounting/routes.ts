import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accountingConnection,
  accountMap,
  accountMapBody,
  journalEntriesQuery,
  journalEntry,
  qbAccount,
  qbParty,
  retryAllAnswer,
} from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import { requireStaff } from '../../plugins/auth.ts';
import { errorResponses, idParams } from '../../lib/schemas.ts';
import { accountingProvider } from '../../providers/accounting/index.ts';
import { listConnections, readQuickbooks, removeConnection } from './connection.ts';
import { accountingConnectRoutes } from './connect-routes.ts';
import { buildJournalEntries, findJournalEntry, listJournalEntries } from './journal.ts';
import { retryAllFailedEntries, retryJournalEntry } from './retries.ts';
import { readAccountMap, saveAccountMap } from './mapping.ts';
import { suggestAccountMap } from './suggestions.ts';
/** Connecting, mapping and retrying change the organisation's books: owners and admins (MANAGERS). */
import { STAFF, MANAGERS } from '../../plugins/route-policy.ts';

const tags = ['Accounting'];
const message = z.object({ message: z.string() });

export const accountingRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const provider = () => accountingProvider(deps);

    await app.register(accountingConnectRoutes(deps));

    app.get(
      '/orgOauth',
      {
        config: { policy: { who: STAFF, apiKey: 'read' } },
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
        config: { policy: { who: MANAGERS, apiKey: 'none' } },
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
      {
        config: { policy: { who: STAFF, apiKey: 'read' } },
        schema: { tags, summary: "The QuickBooks company's active accounts", response: { 200: z.array(qbAccount), ...errorResponses } },
      },
      async (request) => {
        const accounts = await readQuickbooks(deps, requireStaff(request).org_id, (auth) => provider().listAccounts(auth));
        // An account without one of the five classifications (none is known) cannot be listed by its group: left out.
        const listed = accounts.filter(
          (account) => account.Active && qbAccount.shape.Classification.safeParse(account.Classification).success,
        );
        return listed.map(({ Active: _active, ...account }) => account) as z.infer<typeof qbAccount>[];
      },
    );

    app.get(
      '/qb/vendors',
      {
        config: { policy: { who: STAFF, apiKey: 'read' } },
        schema: { tags, summary: 'QuickBooks vendors', response: { 200: z.array(qbParty), ...errorResponses } },
      },
      async (request) => readQuickbooks(deps, requireStaff(request).org_id, (auth) => provider().listVendors(auth)),
    );

    app.get(
      '/qb/customers',
      {
        config: { policy: { who: STAFF, apiKey: 'read' } },
        schema: { tags, summary: 'QuickBooks customers', response: { 200: z.array(qbParty), ...errorResponses } },
      },
      async (request) => readQuickbooks(deps, requireStaff(request).org_id, (auth) => provider().listCustomers(auth)),
    );

    app.get(
      '/qb/acctMap',
      {
        config: { policy: { who: STAFF, apiKey: 'read' } },
        schema: { tags, summary: 'The account mapping', response: { 200: accountMap, ...errorResponses } },
      },
      async (request) => readAccountMap(deps, requireStaff(request).org_id),
    );

    app.post(
      '/qb/acctMap',
      {
        config: { policy: { who: MANAGERS, apiKey: 'none' } },
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
      '/qb/acctMap/suggested',
      {
        config: { policy: { who: STAFF, apiKey: 'read' } },
        schema: {
          tags,
          summary: "A suggested mapping from the company's chart of accounts (active accounts; null where none fits); nothing is saved",
          response: { 200: accountMap, ...errorResponses },
        },
      },
      async (request) =>
        suggestAccountMap(await readQuickbooks(deps, requireStaff(request).org_id, (auth) => provider().listAccounts(auth))),
    );

    app.get(
      '/qb/journalEntries',
      {
        config: { policy: { who: STAFF, apiKey: 'read' } },
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
      '/qb/journalEntries/retry',
      {
        config: { policy: { who: MANAGERS, apiKey: 'none' } },
        schema: {
          tags,
          summary: 'Retry all: send every failed journal entry again (a thousand at a time; remaining says how many still wait)',
          response: { 200: retryAllAnswer, ...errorResponses },
        },
      },
      async (request) => retryAllFailedEntries(deps, requireStaff(request, MANAGERS).org_id),
    );

    app.post(
      '/qb/journalEntries/:id/retry',
      {
        config: { policy: { who: MANAGERS, apiKey: 'none' } },
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
