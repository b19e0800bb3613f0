import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { movementsAnswer, movementsQuery, transactionsAnswer, transactionsQuery, walletDetails, walletsAnswer } from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import { requireAuth, requireStaff } from '../../plugins/auth.ts';
import { AppError } from '../../lib/errors.ts';
import { errorResponses } from '../../lib/schemas.ts';
import { findWalletDetails, listMovements, listWallets, listWalletTransactions } from './service.ts';
import { unfreezeWallet } from './unfreeze.ts';

const tags = ['Wallets'];
const walletParams = z.object({ id: z.uuid({ error: 'Wallet not found' }) });

/** Wallets are for owners and admins only. */
export const walletRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/wallets',
      { schema: { tags, summary: 'Wallets keyed by provider, with balances', response: { 200: walletsAnswer, ...errorResponses } } },
      async (request) => listWallets(deps, requireStaff(request, ['owner', 'admin']).org_id),
    );

    app.get(
      '/wallets/:id',
      {
        schema: {
          tags,
          summary: 'One wallet: payment method, setup intent, account details',
          params: walletParams,
          response: { 200: walletDetails, ...errorResponses },
        },
      },
      async (request) => findWalletDetails(deps, requireStaff(request, ['owner', 'admin']).org_id, request.params.id),
    );

    app.get(
      '/wallets/:id/transactions',
      {
        schema: {
          tags,
          summary: "A wallet's transactions, newest first, paged",
          params: walletParams,
          querystring: transactionsQuery,
          response: { 200: transactionsAnswer, ...errorResponses },
        },
      },
      async (request) =>
        listWalletTransactions(deps, {
          org_id: requireStaff(request, ['owner', 'admin']).org_id,
          wallet_id: request.params.id,
          ...request.query,
        }),
    );

    app.get(
      '/wallets/:id/movements',
      {
        schema: {
          tags,
          summary:
            "Every movement of a wallet's money (ledger postings and funds arriving), newest first, paged; they add up to its breakdown",
          params: walletParams,
          querystring: movementsQuery,
          response: { 200: movementsAnswer, ...errorResponses },
        },
      },
      async (request) =>
        listMovements(deps, { org_id: requireStaff(request, ['owner', 'admin']).org_id, wallet_id: request.params.id, ...request.query }),
    );

    app.post(
      '/wallets/:id/unfreeze',
      {
        schema: {
          tags,
          summary: 'The owner reviewed the debits that froze the wallet: what is frozen is spendable again (owners; not API keys)',
          params: walletParams,
          response: { 200: z.object({ released: z.number().int() }), ...errorResponses },
        },
      },
      async (request) => {
        const user = requireStaff(request, ['owner']);
        // Keys never release money (docs/security.md).
        if (requireAuth(request).api_key_id) throw new AppError('forbidden', 'You do not have permission to do that');
        return unfreezeWallet(deps, user.org_id, request.params.id);
      },
    );
  };
