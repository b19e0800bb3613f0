import { expect } from 'vitest';
import { findBalances } from '../src/modules/ledger/index.ts';
import { providerCheck } from '../src/modules/provider-sync/index.ts';
import type { TestContext } from './context.ts';
import type { StripeFake } from '../fakes/stripe-fake.ts';
import { stripeAccountsOf } from './worlds.ts';

/**
 * The books against Stripe's, for one organisation (docs/money-flows.md): what the ledger says is
 * the organisation's (every place: wallet available, held and frozen, payments balance, payouts in
 * transit, less what it owes) equals what Stripe holds for it (its financial account's cash, its
 * payments balance, pending or available, and its payouts in transit), and the fees
 * the ledger booked for Crewpay equal the application fees the platform holds from its account;
 * and the provider check of `npm run reconcile` finds nothing to report for it.
 */
export async function expectBooksEqualStripe(world: { ctx: TestContext; stripe: StripeFake }, orgId: string) {
  const { financialAccount, stripeAccount } = await stripeAccountsOf(world.ctx, orgId);
  const ledger = await findBalances(world.ctx.deps.db, orgId, [
    'wallet_available',
    'wallet_held',
    'wallet_frozen',
    'receivable',
    'payments_balance',
    'payouts_in_transit',
    'fees',
  ]);
  const payments = world.stripe.payments.balanceOf(stripeAccount);
  const inTransit = world.stripe.payments.inTransitOf(stripeAccount);
  const atStripe = (world.stripe.treasury.cashOf(financialAccount) ?? 0) + payments.available + payments.pending + inTransit;
  const organisation =
    ledger.wallet_available! +
    ledger.wallet_held! +
    ledger.wallet_frozen! +
    ledger.receivable! +
    ledger.payments_balance! +
    ledger.payouts_in_transit!;
  expect({ organisation, in_transit: ledger.payouts_in_transit, crewpay_fees: ledger.fees }).toEqual({
    in_transit: inTransit,
    organisation: atStripe,
    crewpay_fees: world.stripe.payments.applicationFeesOf(stripeAccount),
  });
  // The same through the provider check of `npm run reconcile` (Stripe's API, not the fake's insides).
  const { problems } = await providerCheck(world.ctx.deps);
  expect(problems.filter((problem) => problem.org_id === orgId)).toEqual([]);
  return { ledger, payments, cash: world.stripe.treasury.cashOf(financialAccount) };
}
