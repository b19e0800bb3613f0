import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addCampaign, addCustomer } from '../../../test/campaign-fixtures.ts';
import { addCreator, createOwner, upgradePlan } from '../../../test/fixtures.ts';
import { payByCard, sendInvoice } from '../../../test/invoice-fixtures.ts';
import { listOutbox } from '../email/outbox.ts';
import { createDrafts, paymentRow } from '../../../test/payment-fixtures.ts';
import { activate } from '../../../test/wallet-fixtures.ts';
import { liveWorld, stripeAccountsOf } from '../../../test/worlds.ts';
import { notifications, providerCalls } from '../../db/schema/index.ts';
import { newStripeClient } from '../../providers/clients/stripe-client.ts';
import { runMonthlyBilling } from '../billing/index.ts';
import { runDueProviderCalls } from '../provider-calls/index.ts';
import { providerCheck } from './provider-check.ts';

/**
 * Live mode's places (docs/money-flows.md, "Places"), through the public API with SANDBOX=false on
 * the Stripe fake: invoice money arrives in the payments balance, travels as a payout and only
 * then is spendable; fees owed until collected; money outside Crewpay moved on the wallet's
 * numbers; debt first. The provider check runs after every step.
 */
let world: Awaited<ReturnType<typeof liveWorld>>;
beforeAll(async () => {
  world = await liveWorld();
});

type Headers = Record<string, string>;
const inject = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers, payload?: object) =>
  world.ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const stripe = () => newStripeClient(world.ctx.deps.config.providers.stripe);

const deliver = async () => {
  for (const event of world.stripe.takeEvents()) expect((await world.stripe.deliver(world.ctx.app, event)).statusCode).toBe(200);
};
/** The worker's due calls and their events, then the provider check of `npm run reconcile` for this organisation. */
async function checked(orgId: string) {
  await runDueProviderCalls(world.ctx.deps);
  await deliver();
  await runDueProviderCalls(world.ctx.deps);
  await deliver();
  return (await providerCheck(world.ctx.deps)).problems.filter((problem) => problem.org_id === orgId);
}
const expectInStep = async (orgId: string) => expect(await checked(orgId)).toEqual([]);

/** The pay link emailed to the invoice's customer (the outbox: /dev is not served outside the sandbox). */
async function linkOf(email: string) {
  const sent = (await listOutbox(world.ctx.deps.db, { limit: 1000 })).filter((item) => item.to === email).at(-1);
  const url = sent?.links.find((link) => link.includes('/invoices/pay?id='));
  expect(url).toBeDefined();
  return decodeURIComponent(url!.split('/invoices/pay?id=')[1]!);
}

async function breakdown(headers: Headers) {
  const wallets = (await inject('GET', '/v1/wallets', headers)).json();
  return (await inject('GET', `/v1/wallets/${wallets.stripe.id}`, headers)).json().breakdown;
}

/** An activated organisation whose financial account received `funds` (an ACH credit to its numbers). */
async function fundedOwner(funds: number) {
  const owner = await createOwner(world.ctx.app);
  await activate(world.ctx.app, owner.headers);
  await world.afterActivation();
  if (funds > 0) await world.fund(owner.headers, owner.org.id, funds);
  return owner;
}

describe("live money by place: the wallet spends only its financial account's cash", () => {
  it('Release when paid: a card invoice paid, the payout waits until the money is in the financial account, then goes', async () => {
    const owner = await fundedOwner(5_000);
    const campaign = await addCampaign(world.ctx.app, owner.headers);
    const creator = await addCreator(world.ctx.app, owner.headers, { account_number: '000123456789', routing_number: '110000000' });
    const [draft] = await createDrafts(world.ctx.app, owner.headers, [paymentRow(creator.id, 15_000, { payment_group_id: campaign.id })]);
    const invoice = await sendInvoice(world.ctx.app, owner.headers, {
      customer_id: campaign.customer_id,
      payment_group_id: campaign.id,
      amount: 20_000,
      funded_payments: [draft!.id],
    });
    const marked = await inject('PUT', `/v1/payment_releases/${invoice.id}`, owner.headers);
    expect(marked.statusCode, marked.body).toBe(200);
    const paid = await payByCard(world.ctx.app, await linkOf(invoice.customer_email), 'pm_card_visa');
    expect(paid.statusCode, paid.body).toBe(200);
    await expectInStep(owner.org.id);
    // Paid: the money is in Stripe's payments balance, arriving, not spendable; the payment waits.
    const { stripeAccount, financialAccount } = await stripeAccountsOf(world.ctx, owner.org.id);
    const atStripe = world.stripe.payments.balanceOf(stripeAccount);
    const net = atStripe.pending + atStripe.available;
    expect(net).toBeGreaterThan(15_000);
    expect(await breakdown(owner.headers)).toMatchObject({ available: 5_000, arriving: net, frozen: 0, owed: 0 });
    expect((await breakdown(owner.headers)).arriving_expected_at).toBeTruthy();
    expect((await inject('GET', `/v1/payments/${draft!.id}`, owner.headers)).json().status).toBe('draft');
    expect((await inject('GET', `/v1/payment_releases/${invoice.id}`, owner.headers)).json().status).toBe('waiting');
    // Stripe's payout schedule: in transit, with its arrival date; still not spendable.
    expect(world.stripe.payments.runPayouts()).toBe(1);
    await expectInStep(owner.org.id);
    expect(await breakdown(owner.headers)).toMatchObject({ available: 5_000, arriving: net });
    expect((await inject('GET', `/v1/payments/${draft!.id}`, owner.headers)).json().status).toBe('draft');
    // The payout is paid: the money is in the financial account, spendable, and the release goes out.
    expect(world.stripe.payments.arrivePayouts()).toBe(1);
    await expectInStep(owner.org.id);
    expect((await inject('GET', `/v1/payment_releases/${invoice.id}`, owner.headers)).json().status).toBe('released');
    expect((await inject('GET', `/v1/payments/${draft!.id}`, owner.headers)).json().status).not.toBe('draft');
    expect(world.stripe.treasury.cashOf(financialAccount)).toBe(5_000 + net - 15_000 - (draft!.fee ?? 0));
    expect(await breakdown(owner.headers)).toMatchObject({ arriving: 0 });
  });

  it('a payout of the payments balance that fails goes back to it and waits for the next one', async () => {
    const owner = await fundedOwner(0);
    const customer = await addCustomer(world.ctx.app, owner.headers);
    const invoice = await sendInvoice(world.ctx.app, owner.headers, { customer_id: customer.id, amount: 10_000 });
    const paid = await payByCard(world.ctx.app, await linkOf(invoice.customer_email), 'pm_card_visa');
    expect(paid.statusCode, paid.body).toBe(200);
    world.stripe.payments.runPayouts();
    const [payout] = [...world.stripe.payments.state().payouts].filter((entry) => entry.status === 'in_transit');
    world.stripe.payments.arrivePayouts({ fail: [payout!.id as string] });
    await expectInStep(owner.org.id);
    const after = await breakdown(owner.headers);
    expect(after).toMatchObject({ available: 0 });
    expect(after.arriving).toBeGreaterThan(0);
  });

  it('a plan billed while the financial account is short: owed, then collected when money arrives', async () => {
    const owner = await fundedOwner(10_000);
    await upgradePlan(world.ctx.app, owner.headers);
    await world.ctx.deps.db.execute(sql`UPDATE orgs SET billing_date = now()::date WHERE id = ${owner.org.id}`);
    await runMonthlyBilling(world.ctx.deps);
    await expectInStep(owner.org.id);
    expect((await inject('GET', '/v1/billing', owner.headers)).json().status).not.toBe('active');
    // Money lands (a credit to the wallet's numbers): the plan is collected first.
    await world.fund(owner.headers, owner.org.id, 30_000);
    await expectInStep(owner.org.id);
    expect((await inject('GET', '/v1/billing', owner.headers)).json()).toMatchObject({ status: 'active' });
    expect(await breakdown(owner.headers)).toMatchObject({ available: 40_000 - 24_900, fees_owed: 0 });
  });

  it('a fee the financial account cannot pay (an outside debit Crewpay has not heard of) is owed, shown, and collected when money lands', async () => {
    const owner = await fundedOwner(30_000);
    const { financialAccount, stripeAccount } = await stripeAccountsOf(world.ctx, owner.org.id);
    await stripe().testHelpers.treasury.receivedDebits.create(
      { financial_account: financialAccount, amount: 20_000, currency: 'usd', network: 'ach' },
      { stripeAccount },
    );
    const lost = world.stripe.takeEvents();
    await upgradePlan(world.ctx.app, owner.headers);
    await world.ctx.deps.db.execute(sql`UPDATE orgs SET billing_date = now()::date WHERE id = ${owner.org.id}`);
    await runMonthlyBilling(world.ctx.deps);
    await runDueProviderCalls(world.ctx.deps);
    // Refused for insufficient funds: owed to Crewpay, not lost.
    const owedCalls = await world.ctx.deps.db
      .select()
      .from(providerCalls)
      .where(
        and(
          eq(providerCalls.org_id, owner.org.id),
          eq(providerCalls.status, 'pending'),
          eq(providerCalls.operation, 'banking.fee_transfer'),
        ),
      );
    expect(owedCalls).toHaveLength(1);
    expect(await breakdown(owner.headers)).toMatchObject({ fees_owed: 24_900 });
    // The debit's events arrive: the wallet pays what it can, the rest is owed, what is left is frozen.
    for (const event of lost) expect((await world.stripe.deliver(world.ctx.app, event)).statusCode).toBe(200);
    expect(await breakdown(owner.headers)).toMatchObject({ available: 0, owed: 14_900 });
    // Money lands: the debt first, then Crewpay's fee moves; the books equal Stripe's again.
    await world.fund(owner.headers, owner.org.id, 50_000);
    await expectInStep(owner.org.id);
    expect(await breakdown(owner.headers)).toMatchObject({ available: 50_000 - 14_900, owed: 0, fees_owed: 0 });
    expect(world.stripe.treasury.cashOf(financialAccount)).toBe(30_000 - 20_000 + 50_000 - 24_900);
  });

  it('an outside ACH debit on the wallet’s numbers is booked, freezes what is left to spend, and tells the owner', async () => {
    const owner = await fundedOwner(40_000);
    const { financialAccount, stripeAccount } = await stripeAccountsOf(world.ctx, owner.org.id);
    await stripe().testHelpers.treasury.receivedDebits.create(
      { financial_account: financialAccount, amount: 12_000, currency: 'usd', network: 'ach' },
      { stripeAccount },
    );
    await expectInStep(owner.org.id);
    expect(await breakdown(owner.headers)).toMatchObject({ available: 0, frozen: 28_000, owed: 0, total: 28_000 });
    const bell = await world.ctx.deps.db.select().from(notifications).where(eq(notifications.org_id, owner.org.id));
    expect(bell.map((row) => row.text).join('\n')).toContain('Someone outside Crewpay debited $120.00 from your wallet');
    // Nothing can be spent while it is frozen.
    const creator = await addCreator(world.ctx.app, owner.headers, { account_number: '000123456789', routing_number: '110000000' });
    const drafts = await createDrafts(world.ctx.app, owner.headers, [paymentRow(creator.id, 1_000)]);
    expect((await inject('PUT', '/v1/payments/initiate', owner.headers, { ids: [drafts[0]!.id] })).statusCode).not.toBe(200);
    // The owner reviewed it: spendable again, once.
    const walletId = (await inject('GET', '/v1/wallets', owner.headers)).json().stripe.id;
    expect((await inject('POST', `/v1/wallets/${walletId}/unfreeze`, owner.headers)).json()).toEqual({ released: 28_000 });
    expect((await inject('POST', `/v1/wallets/${walletId}/unfreeze`, owner.headers)).json()).toEqual({ released: 0 });
    expect(await breakdown(owner.headers)).toMatchObject({ available: 28_000, frozen: 0 });
    await expectInStep(owner.org.id);
  });

  it('a received credit sent back (a credit reversal) leaves the wallet', async () => {
    const owner = await fundedOwner(10_000);
    const { stripeAccount } = await stripeAccountsOf(world.ctx, owner.org.id);
    const credit = world.stripe.treasury.module.state!().received_credits as { id: string; amount: number; financial_account: string }[];
    const { financialAccount } = await stripeAccountsOf(world.ctx, owner.org.id);
    const ours = credit.filter((entry) => entry.financial_account === financialAccount);
    await stripe().treasury.creditReversals.create({ received_credit: ours.at(-1)!.id }, { stripeAccount });
    await expectInStep(owner.org.id);
    expect(await breakdown(owner.headers)).toMatchObject({ available: 0, frozen: 0, owed: 0 });
  });

  it('debt first: a dispute that takes more than the wallet holds is owed and repaid from the next deposit before a transfer out', async () => {
    const owner = await fundedOwner(0);
    world.ctx.deps.config.transferOutOrgId = owner.org.id;
    const customer = await addCustomer(world.ctx.app, owner.headers);
    const invoice = await sendInvoice(world.ctx.app, owner.headers, { customer_id: customer.id, amount: 10_000 });
    // Paid, paid out to the wallet, then spent, then disputed: Stripe takes it back from an empty wallet.
    const paid = await payByCard(world.ctx.app, await linkOf(invoice.customer_email), 'pm_card_createDispute');
    expect(paid.statusCode, paid.body).toBe(200);
    await deliver();
    const owed = (await breakdown(owner.headers)).owed;
    expect(owed).toBeGreaterThan(0);
    await expectInStep(owner.org.id);
    const bell = await world.ctx.deps.db.select().from(notifications).where(eq(notifications.org_id, owner.org.id));
    expect(bell.map((row) => row.text).join('\n')).toContain('is owed and repaid first from the next money that arrives');
    // A deposit arrives: the debt is repaid first, only the rest is spendable.
    await world.fund(owner.headers, owner.org.id, 5_000);
    await expectInStep(owner.org.id);
    expect(await breakdown(owner.headers)).toMatchObject({ available: 5_000 - owed, owed: 0 });
    const transferOut = (amount: number) =>
      inject('POST', '/v1/treasury/ach', owner.headers, {
        amount,
        name: 'Acme',
        description: 'Payroll',
        account_num: '000123456789',
        routing_num: '110000000',
      });
    // The whole deposit cannot leave: part of it repaid the debt.
    expect((await transferOut(5_000)).json()).toMatchObject({ code: 'insufficient_funds' });
    const rest = await transferOut(5_000 - owed);
    expect(rest.statusCode, rest.body).toBe(200);
    await expectInStep(owner.org.id);
  });

  it('the provider check fails when the spendable amount exceeds the financial account’s cash', async () => {
    const owner = await fundedOwner(10_000);
    const { financialAccount, stripeAccount } = await stripeAccountsOf(world.ctx, owner.org.id);
    // Stripe takes money and its event never reaches Crewpay: the books would let the wallet spend it.
    await stripe().testHelpers.treasury.receivedDebits.create(
      { financial_account: financialAccount, amount: 4_000, currency: 'usd', network: 'ach' },
      { stripeAccount },
    );
    world.stripe.takeEvents();
    const problems = (await providerCheck(world.ctx.deps)).problems.filter((problem) => problem.org_id === owner.org.id);
    expect(problems).toContainEqual({
      kind: 'spendable_exceeds_cash',
      org_id: owner.org.id,
      ledger_spendable: 10_000,
      provider_cash: 6_000,
    });
  });
});
