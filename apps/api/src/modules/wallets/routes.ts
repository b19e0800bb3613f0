import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  loginAsMessages,
  movementsAnswer,
  movementsQuery,
  transactionsAnswer,
  transactionsQuery,
  walletDetails,
  walletsAnswer,
} from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import { requireStaff } from '../../plugins/auth.ts';
import { errorResponses } from '../../lib/schemas.ts';
import { findWalletDetails, listMovements, listWallets, listWalletTransactions } from './service.ts';
import { MANAGERS, OWNER, moneyAct } from '../../plugins/route-policy.ts';
import { unfreezeWallet } from './unfreeze.ts';

const tags = ['Wallets'];
const walletParams = z.object({ id: z.uuid({ error: 'Wallet not found' }) });

/** Wallets are for owners and admins only. */
export const walletRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/wallets',
      {
        config: { policy: { who: MANAGERS, apiKey: 'read' } },
        schema: { tags, summary: 'Wallets keyed by provider, with balances', response: { 200: walletsAnswer, ...errorResponses } },
      },
      async (request) => listWallets(deps, requireStaff(request, ['owner', 'admin']).org_id),
    );

    app.get(
      '/wallets/:id',
      {
        config: { policy: { who: MANAGERS, apiKey: 'read' } },
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
        config: { policy: { who: MANAGERS, apiKey: 'read' } },
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
        config: { policy: { who: MANAGERS, apiKey: 'read' } },
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
        config: {
          policy: moneyAct({
            who: OWNER,
            acting: loginAsMessages.noApproving,
            audit: { action: 'wallet.unfreeze' },
            money: { kind: 'moves', act: 'Release money frozen by an unknown debit' },
          }),
        },
        schema: {
          tags,
          summary: 'The owner reviewed the debits that froze the wallet: what is frozen is spendable again (owners; not API keys)',
          params: walletParams,
          response: { 200: z.object({ released: z.number().int() }), ...errorResponses },
        },
      },
      async (request) => {
        const user = requireStaff(request, ['owner']);
        return unfreezeWallet(deps, user.org_id, request.params.id);
      },
    );
  };
