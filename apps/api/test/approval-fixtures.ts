import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { AppDeps } from '../src/deps.ts';
import { findBalances } from '../src/modules/ledger/index.ts';
import { createMember } from './campaign-fixtures.ts';
import { addCreator } from './fixtures.ts';
import { BANK, createDrafts, fundedOwner, injector, paymentRow } from './payment-fixtures.ts';

type Headers = Record<string, string>;

/** An organisation with a funded wallet, Settings > Approvals set to `rules`, two admins and a creator with a bank. */
export async function approvalsOrg(app: FastifyInstance, deps: AppDeps, rules: object) {
  const owner = await fundedOwner(app, 1_000_000);
  const saved = await injector(app)('PUT', '/v1/approvals/rules', owner.headers, rules);
  expect(saved.statusCode, saved.body).toBe(200);
  const [admin, second] = [await createMember(deps, owner.org.id, 'admin'), await createMember(deps, owner.org.id, 'admin')];
  const creator = await addCreator(app, owner.headers, BANK);
  return { owner, admin, second, creator };
}

/** Drafts created by `creatorHeaders` and executed by `executorHeaders`; answers the payments and the execution's answer. */
export async function executeNew(
  app: FastifyInstance,
  creatorHeaders: Headers,
  executorHeaders: Headers,
  recipient: string,
  earnings: number[],
) {
  const drafts = await createDrafts(
    app,
    creatorHeaders,
    earnings.map((amount) => paymentRow(recipient, amount)),
  );
  const executed = await injector(app)('PUT', '/v1/payments/initiate', executorHeaders, { ids: drafts.map((draft) => draft.id) });
  expect(executed.statusCode, executed.body).toBe(200);
  return {
    drafts,
    answer: executed.json<{ processing: number; requires_info: number; awaiting_approval: number; held: number; message: string }>(),
  };
}

export const walletBooks = (deps: AppDeps, orgId: string) => findBalances(deps.db, orgId, ['wallet_available', 'wallet_held']);
