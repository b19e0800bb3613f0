import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  fundNiumWalletBody,
  loginAsMessages,
  niumAccountBody,
  niumWalletView,
  payeeAbroadSchema,
  payeeAbroadView as payeeAbroadAnswer,
} from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import { creators } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { errorResponses, idParams } from '../../lib/schemas.ts';
import { inUnit } from '../../events/dispatcher.ts';
import { requireStaff } from '../../plugins/auth.ts';
import { MANAGERS, OWNER, STAFF, moneyAct } from '../../plugins/route-policy.ts';
import { runProviderCallsSoon } from '../provider-calls/index.ts';
import { setNiumAccount } from './accounts.ts';
import { fundNiumWallet } from './funding.ts';
import { findPayeesAbroad, payeeAbroadView, savePayeeAbroad } from './payees.ts';
import { niumWalletCheck, niumWalletOf } from './wallet.ts';

const tags = ['Nium'];

/** The Nium wallet (Wallets > Nium), its funding, the organisation's Nium ids, and a creator's details abroad (the staff form). */
export const niumRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/nium/wallet',
      {
        config: { policy: { who: MANAGERS, apiKey: 'read' } },
        schema: {
          tags,
          summary: "The organisation's Nium wallet per currency (available, held, on its way), with Nium's own figure when live",
          response: {
            200: niumWalletView.extend({ provider: z.array(z.object({ currency: z.string(), books: z.number(), nium: z.number() })) }),
            ...errorResponses,
          },
        },
      },
      async (request) => {
        const orgId = requireStaff(request, MANAGERS).org_id;
        const [wallet, provider] = await Promise.all([niumWalletOf(deps.db, orgId), niumWalletCheck(deps, orgId).catch(() => [])]);
        return { ...wallet, provider };
      },
    );

    app.post(
      '/nium/wallet/fund',
      {
        config: {
          policy: moneyAct({
            who: OWNER,
            acting: loginAsMessages.noApproving,
            audit: { action: 'nium.fund', details: (request) => ({ amount: (request.body as { amount?: number }).amount ?? 0 }) },
            money: { kind: 'moves', act: 'Fund the Nium wallet from the wallet' },
          }),
        },
        schema: {
          tags,
          summary: 'Move dollars from the wallet to the Nium wallet (owners; not API keys)',
          body: fundNiumWalletBody,
          response: { 200: z.object({ funding_id: z.string() }), ...errorResponses },
        },
      },
      async (request) => {
        const orgId = requireStaff(request, OWNER).org_id;
        const { callId, funding_id } = await inUnit(deps, (unit) => fundNiumWallet(deps, unit, orgId, request.body.amount));
        await runProviderCallsSoon(deps, [callId]);
        return { funding_id };
      },
    );

    app.put(
      '/nium/account',
      {
        config: {
          policy: moneyAct({
            who: OWNER,
            acting: loginAsMessages.noApproving,
            audit: { action: 'nium.account' },
            money: { kind: 'routes', act: "Set the organisation's Nium customer and wallet" },
          }),
        },
        schema: {
          tags,
          summary: "The organisation's Nium customer and wallet from its Nium onboarding (owners; not API keys)",
          body: niumAccountBody,
          response: { 200: z.object({ customer_id: z.string() }), ...errorResponses },
        },
      },
      async (request) => setNiumAccount(deps, requireStaff(request, OWNER).org_id, request.body),
    );

    app.get(
      '/nium/payees',
      {
        config: { policy: { who: STAFF, apiKey: 'read' } },
        schema: {
          tags,
          summary:
            "The country and currency of these payees abroad (the creators list's payment method column); payees at home are left out",
          querystring: z.object({
            ids: z
              .string()
              .max(4000)
              .transform((value) => value.split(',').filter(Boolean))
              .pipe(z.array(z.uuid('Each id must be a creator id')).max(100, 'At most 100 ids at once')),
          }),
          response: { 200: z.array(z.object({ payee_id: z.string(), country: z.string(), currency: z.string() })), ...errorResponses },
        },
      },
      async (request) => {
        const found = await findPayeesAbroad(deps.db, requireStaff(request).org_id, request.query.ids);
        return [...found.values()].map((row) => ({ payee_id: row.payee_id, country: row.country, currency: row.currency }));
      },
    );

    app.get(
      '/creators/:id/abroad',
      {
        // Bank details (as tok_ values and last 4): owners and admins signed in, never a key.
        config: { policy: { who: MANAGERS, apiKey: 'none' } },
        schema: {
          tags,
          summary: "A creator's payout details abroad (numbers as tok_ values and last 4)",
          params: idParams,
          response: { 200: payeeAbroadAnswer.nullable(), ...errorResponses },
        },
      },
      async (request) => {
        const orgId = requireStaff(request, MANAGERS).org_id;
        const [creator] = await deps.db
          .select({ id: creators.id })
          .from(creators)
          .where(and(eq(creators.org_id, orgId), eq(creators.id, request.params.id)));
        if (!creator) throw new AppError('not_found', 'Creator not found');
        const row = (await findPayeesAbroad(deps.db, orgId, [creator.id])).get(creator.id);
        return row ? payeeAbroadView(row) : null;
      },
    );

    app.put(
      '/creators/:id/abroad',
      {
        config: {
          policy: moneyAct({
            who: MANAGERS,
            acting: loginAsMessages.noPayoutDetails,
            money: { kind: 'routes', act: "Set a creator's bank details abroad (paid through Nium)" },
          }),
        },
        schema: {
          tags,
          summary: "Set a creator's country, currency and bank details abroad; they are paid through Nium from then on",
          params: idParams,
          body: payeeAbroadSchema,
          response: { 200: payeeAbroadAnswer, ...errorResponses },
        },
      },
      async (request) => {
        const orgId = requireStaff(request, MANAGERS).org_id;
        return inUnit(deps, async ({ tx }) => {
          const [creator] = await tx
            .update(creators)
            .set({ selected_payment_method: 'nium' })
            .where(and(eq(creators.org_id, orgId), eq(creators.id, request.params.id)))
            .returning({ id: creators.id });
          if (!creator) throw new AppError('not_found', 'Creator not found');
          return payeeAbroadView(await savePayeeAbroad(tx, deps.secrets, { org_id: orgId, payee_id: creator.id, abroad: request.body }));
        });
      },
    );
  };
