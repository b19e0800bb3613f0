import { expect } from 'vitest';
import { findBalances } from '../src/modules/ledger/index.ts';
import { providerCheck } from '../src/modules/provider-sync/index.ts';
import type { TestContext } from './context.ts';
import type { StripeFake } from '../fakes/stripe-fake.ts';
import { stripeAccountsOf } from './worlds.ts';

/**
 * The books against Stripe's, for one organisation (docs/money-flows.md): what the ledger says is
 * the organisation's (wallet available and held, less what it owes) equals what Stripe holds for
 * it (its financial account's cash and its payments balance, pending or available), and the fees
 * the ledger booked for Crewpay equal the application fees the platform holds from its account;
 * and the provider check of `npm run reconcile` finds nothing to report for it.
 */
export async function expectBooksEqualStripe(world: { ctx: TestContext; stripe: StripeFake }, orgId: string) {
  const { financialAccount, stripeAccount } = await stripeAccountsOf(world.ctx, orgId);
  const ledger = await findBalances(world.ctx.deps.db, orgId, ['wallet_available', 'wallet_held', 'receivable', 'fees']);
  const payments = world.stripe.payments.balanceOf(stripeAccount);
  const atStripe = (world.stripe.treasury.cashOf(financialAccount) ?? 0) + payments.available + payments.pending;
  expect({ organisation: ledger.wallet_available! + ledger.wallet_held! + ledger.receivable!, crewpay_fees: ledger.fees }).toEqual({
    organisation: atStripe,
    crewpay_fees: world.stripe.payments.applicationFeesOf(stripeAccount),
  });
  // The same through the provider check of `npm run reconcile` (Stripe's API, not the fake's insides).
  const { problems } = await providerCheck(world.ctx.deps);
  expect(problems.filter((problem) => problem.org_id === orgId)).toEqual([]);
  return { ledger, payments, cash: world.stripe.treasury.cashOf(financialAccount) };
}
