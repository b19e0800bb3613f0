import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { UNVERIFIABLE_TEST_ID_NUMBER } from '../../../fakes/stripe-accounts-fake.ts';
import { addCreator, createOwner, upgradePlan } from '../../../test/fixtures.ts';
import { createDrafts, paymentRow } from '../../../test/payment-fixtures.ts';
import { business, representative } from '../../../test/wallet-fixtures.ts';
import { liveWorld, stripeAccountsOf } from '../../../test/worlds.ts';
import { connectedAccounts, ledgerAccounts, payments } from '../../db/schema/index.ts';
import { runMonthlyBilling } from '../billing/index.ts';
import { runDueProviderCalls } from '../provider-calls/index.ts';
import { newStripeClient } from '../../providers/clients/stripe-client.ts';
import { runProviderCheck } from './jobs.ts';
import { sweepMissedEvents } from './missed-events.ts';
import { providerCheck } from './provider-check.ts';

let world: Awaited<ReturnType<typeof liveWorld>>;
beforeAll(async () => {
  world = await liveWorld();
});

type Headers = Record<string, string>;
const inject = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers, payload?: object) =>
  world.ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const deliverAll = async () => {
  for (const event of world.stripe.takeEvents()) expect((await world.stripe.deliver(world.ctx.app, event)).statusCode).toBe(200);
};
const settle = async () => {
  world.stripe.treasury.settle();
  await deliverAll();
};

/** After every step: the provider check of `npm run reconcile` is clean, and the platform's fee balance equals the fees booked. */
async function expectInStep() {
  await runDueProviderCalls(world.ctx.deps);
  await deliverAll();
  expect((await providerCheck(world.ctx.deps)).problems).toEqual([]);
  const [booked] = await world.ctx.deps.db
    .select({ total: sql<string>`coalesce(sum(${ledgerAccounts.balance}), 0)` })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.kind, 'fees'));
  expect(world.stripe.treasury.cashOf(world.stripe.settings.STRIPE_PLATFORM_FINANCIAL_ACCOUNT)).toBe(Number(booked!.total));
}

/** Sign up, onboard (a requirement outstanding, then satisfied), link the bank and add funds. */
async function onboardedOwner(funds: number) {
  const owner = await createOwner(world.ctx.app);
  const headers = { ...owner.headers, 'user-agent': 'Mozilla/5.0 (Crewpay test)' };
  expect((await inject('POST', '/v1/org/owner', headers, { ...representative, ssn: UNVERIFIABLE_TEST_ID_NUMBER })).statusCode).toBe(200);
  expect((await inject('POST', '/v1/org/business', headers, business)).statusCode).toBe(200);
  await deliverAll();
  const outstanding = (await inject('GET', '/v1/org/onboarding', headers)).json();
  expect(outstanding).toMatchObject({ status: 'action_required', wallet_usable: false, disabled_reason: 'requirements.past_due' });
  expect(outstanding.requirements).toEqual([
    expect.objectContaining({ requirement: 'representative.verification.document', fix: 'document', past_due: true }),
  ]);
  // The owner uploads the identity document on Stripe's hosted page of an account link.
  const link = await inject('POST', '/v1/org/onboarding_link', headers);
  expect(link.statusCode, link.body).toBe(200);
  expect((await fetch(link.json().url, { method: 'POST' })).status).toBe(200);
  await deliverAll();
  expect((await inject('GET', '/v1/org/onboarding', headers)).json()).toEqual({
    status: 'complete',
    wallet_usable: true,
    disabled_reason: null,
    requirements: [],
  });
  const paymentMethod = await world.linkBank({ headers, email: owner.user.email, org_id: owner.org.id }, '000123456789');
  const debit = await inject('POST', '/v1/treasury/ach_debit', headers, { payment_method: paymentMethod, amount: funds });
  expect(debit.statusCode, debit.body).toBe(200);
  await settle();
  return { ...owner, headers };
}

describe('live money on Stripe Treasury through the public API (SANDBOX=false, on the fakes)', () => {
  it('onboards with a requirement outstanding then satisfied, sending the terms with their IP, date and user agent', async () => {
    const owner = await onboardedOwner(50_000);
    const [account] = await world.ctx.deps.db.select().from(connectedAccounts).where(eq(connectedAccounts.org_id, owner.org.id));
    const update = world.stripe.requests.find((request) => request.path === `/v1/accounts/${account!.provider_account_id}`)!;
    const params = new URLSearchParams(update.body);
    expect(params.get('tos_acceptance[user_agent]')).toBe('Mozilla/5.0 (Crewpay test)');
    expect(params.get('tos_acceptance[ip]')).toBeTruthy();
    expect(Number(params.get('tos_acceptance[date]'))).toBeGreaterThan(0);
    expect(params.get('settings[treasury][tos_acceptance][user_agent]')).toBe('Mozilla/5.0 (Crewpay test)');
    expect(params.get('company[tax_id]')).toBe('123456789');
    expect((await inject('GET', '/v1/wallets', owner.headers)).json().stripe.balances[0].amount).toBe(50_000);
    await expectInStep();
  });

  it('pays five creators, one payout per payment: the refused one fails alone with its reason, the others post; one is returned days later', async () => {
    const owner = await onboardedOwner(100_000);
    await upgradePlan(world.ctx.app, owner.headers);
    await world.ctx.deps.db.execute(
      sql`UPDATE fee_schedules SET flat_rate = 150 WHERE org_id = ${owner.org.id} AND type = 'outbound_payment'`,
    );
    const accounts = ['000123456789', '000123456789', '000111111113', '000123456789', '000123456789'];
    const creators = [];
    for (const account_number of accounts)
      creators.push(await addCreator(world.ctx.app, owner.headers, { account_number, routing_number: '110000000' }));
    const drafts = await createDrafts(
      world.ctx.app,
      owner.headers,
      creators.map((creator) => paymentRow(creator.id, 10_000)),
    );
    expect(drafts.every((draft) => draft.fee === 150)).toBe(true);
    const executed = await inject('PUT', '/v1/payments/initiate', owner.headers, { ids: drafts.map((draft) => draft.id) });
    expect(executed.statusCode, executed.body).toBe(200);
    expect(
      world.stripe.requests.filter(
        (request) => request.path === '/v1/treasury/outbound_payments' && !request.body.includes('financial_account%5D=fa_'),
      ),
    ).toHaveLength(5);
    await expectInStep();
    await settle();
    const statuses = await Promise.all(
      drafts.map(async (draft) => (await inject('GET', `/v1/payments/${draft.id}`, owner.headers)).json()),
    );
    expect(statuses.map((payment) => payment.status)).toEqual(['succeeded', 'succeeded', 'failed', 'succeeded', 'succeeded']);
    expect(statuses[2].failure_reason).toBe('failed');
    // Four fees of 150 went to the platform; the refused payout's amount and fee are back in the wallet.
    expect((await inject('GET', '/v1/wallets', owner.headers)).json().stripe.balances[0].amount).toBe(100_000 - 4 * 10_150);
    await expectInStep();

    // Days later the payee's bank returns the first payout: the amount and its fee come back.
    const [returned] = await world.ctx.deps.db.select().from(payments).where(eq(payments.id, drafts[0]!.id));
    world.stripe.treasury.moveOutbound(returned!.stripe_reference_id!, 'return', 'account_closed');
    await deliverAll();
    expect((await inject('GET', `/v1/payments/${drafts[0]!.id}`, owner.headers)).json()).toMatchObject({
      status: 'returned',
      failure_reason: 'account_closed',
    });
    await expectInStep();

    // The monthly plan, collected to the platform.
    await world.ctx.deps.db.execute(sql`UPDATE orgs SET billing_date = now()::date WHERE id = ${owner.org.id}`);
    await runMonthlyBilling(world.ctx.deps);
    expect((await inject('GET', '/v1/billing', owner.headers)).json()).toMatchObject({ status: 'active' });
    await expectInStep();
    const { financialAccount } = await stripeAccountsOf(world.ctx, owner.org.id);
    expect(world.stripe.treasury.cashOf(financialAccount)).toBe(100_000 - 3 * 10_150 - 24_900);
  });

  it('stores the connected account before anything else: a retry after Stripe forgot the key makes no second account', async () => {
    const owner = await createOwner(world.ctx.app);
    expect((await inject('POST', '/v1/org/owner', owner.headers, representative)).statusCode).toBe(200);
    world.stripe.failNext(/^\/v1\/treasury\/financial_accounts$/, { status: 500, body: { error: { type: 'api_error', message: 'down' } } });
    expect((await inject('POST', '/v1/org/business', owner.headers, business)).statusCode).toBe(503);
    world.stripe.idempotency.expireAll();
    expect((await inject('POST', '/v1/org/business', owner.headers, business)).statusCode).toBe(200);
    const creates = world.stripe.requests.filter((request) => request.path === '/v1/accounts' && request.body.includes(owner.org.id));
    expect(creates).toHaveLength(1);
    await deliverAll();
  });

  it('a webhook outage: the wallet differs from Stripe (reported, not corrected), then the missed-events job applies the events once', async () => {
    const owner = await onboardedOwner(10_000);
    const { financialAccount, stripeAccount } = await stripeAccountsOf(world.ctx, owner.org.id);
    // Money arrives at Stripe and its events never reach us.
    await newStripeClient(world.ctx.deps.config.providers.stripe).testHelpers.treasury.receivedCredits.create(
      { financial_account: financialAccount, amount: 2_500, currency: 'usd', network: 'ach' },
      { stripeAccount },
    );
    const lost = world.stripe.takeEvents();
    expect(lost.map((event) => event.type)).toEqual(['treasury.received_credit.created', 'treasury.received_credit.succeeded']);
    const report = await runProviderCheck(world.ctx.deps);
    expect(report.problems).toEqual([
      expect.objectContaining({ kind: 'wallet_out_of_step', org_id: owner.org.id, ledger_wallet: 10_000, provider_cash: 12_500 }),
    ]);
    expect((await inject('GET', '/v1/wallets', owner.headers)).json().stripe.balances[0].amount).toBe(10_000);
    const bell = (await inject('GET', '/v1/notifications', owner.headers)).json();
    expect(JSON.stringify(bell)).toContain("differs from Crewpay's books");

    // Stripe reports the one credit twice (created, succeeded): both stored, the wallet credited once.
    const swept = await sweepMissedEvents(world.ctx.deps);
    expect(swept.applied).toBe(2);
    expect((await inject('GET', '/v1/wallets', owner.headers)).json().stripe.balances[0].amount).toBe(12_500);
    expect((await sweepMissedEvents(world.ctx.deps)).applied).toBe(0);
    await expectInStep();
  });
});
