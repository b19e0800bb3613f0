import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createOwner } from '../../../test/fixtures.ts';
import { bankPayout, liveWorld, postingsOf, stripeAccountsOf } from '../../../test/worlds.ts';
import { STRIPE_TEST_DESCRIPTOR_CODE } from '../../../fakes/stripe-treasury-fake.ts';
import { activate, stripeWalletId } from '../../../test/wallet-fixtures.ts';
import { financialAccounts, providerCalls, providerEvents, treasuryTransactions } from '../../db/schema/index.ts';
import { listOutbox } from '../../modules/email/outbox.ts';
import { runDueProviderCalls } from '../../modules/provider-calls/index.ts';
import { newStripeClient } from '../clients/stripe-client.ts';

let world: Awaited<ReturnType<typeof liveWorld>>;
beforeAll(async () => {
  world = await liveWorld();
});

type Headers = Record<string, string>;
const post = (url: string, headers: Headers, payload: object) => world.ctx.app.inject({ method: 'POST', url, headers, payload });
const walletOf = async (headers: Headers) =>
  (await world.ctx.app.inject({ method: 'GET', url: `/v1/wallets/${await stripeWalletId(world.ctx.app, headers)}`, headers })).json();
const rowOf = async (id: string) =>
  (await world.ctx.deps.db.select().from(treasuryTransactions).where(eq(treasuryTransactions.id, id)))[0]!;
const callOf = async (id: string) => (await world.ctx.deps.db.select().from(providerCalls).where(eq(providerCalls.subject_id, id)))[0]!;
const requestsTo = (path: string) => world.stripe.requests.filter((request) => request.path === path);
const deliverAll = async () => {
  for (const event of world.stripe.takeEvents()) expect((await world.stripe.deliver(world.ctx.app, event)).statusCode).toBe(200);
};

async function activatedOwner() {
  const owner = await createOwner(world.ctx.app);
  await activate(world.ctx.app, owner.headers);
  // Stripe tells the account's state (account.updated) as the onboarding goes: delivered, out of the way.
  await deliverAll();
  return { ...owner, email: owner.user.email, org_id: owner.org.id };
}

/** Stripe's test mode moves what is processing (the test bank account's outcome); answers the events it sent. */
const settled = () => {
  world.stripe.treasury.settle();
  return world.stripe.takeEvents();
};
/** The bank returns a movement days later: Stripe's test helper `return`. */
const returnedLater = (kind: 'inbound_transfer' | 'outbound_payment', providerId: string) =>
  (kind === 'inbound_transfer' ? world.stripe.treasury.moveInbound : world.stripe.treasury.moveOutbound)(
    providerId,
    'return',
    'account_closed',
  );

async function ownerWithBank(accountNumber = '000123456789') {
  const owner = await activatedOwner();
  const paymentMethod = await world.linkBank(owner, accountNumber);
  return { ...owner, paymentMethod };
}

describe('Stripe Treasury: the financial account', () => {
  it('opens a connected account and a financial account on it, keyed by the organisation, and stores both ids and the ABA numbers', async () => {
    const owner = await activatedOwner();
    const accountCreate = requestsTo('/v1/accounts').at(-1)!;
    expect(accountCreate.headers['idempotency-key']).toBe(`account_holder:${owner.org.id}`);
    const params = new URLSearchParams(accountCreate.body);
    // Treasury takes only accounts whose platform collects the requirements, carries the losses and gives no Stripe dashboard.
    expect(params.get('controller[requirement_collection]')).toBe('application');
    expect(params.get('controller[losses][payments]')).toBe('application');
    expect(params.get('controller[stripe_dashboard][type]')).toBe('none');
    expect(params.get('capabilities[treasury][requested]')).toBe('true');
    expect(params.get('capabilities[us_bank_account_ach_payments][requested]')).toBe('true');
    expect(params.get('capabilities[card_payments][requested]')).toBe('true');
    expect(params.get('metadata[org_id]')).toBe(owner.org.id);
    const faCreate = requestsTo('/v1/treasury/financial_accounts').at(-1)!;
    expect(faCreate.headers['idempotency-key']).toBe(`financial_account:${owner.org.id}`);
    const faParams = new URLSearchParams(faCreate.body);
    for (const feature of ['financial_addresses][aba', 'inbound_transfers][ach', 'outbound_payments][ach'])
      expect(faParams.get(`features[${feature}][requested]`)).toBe('true');
    expect(faParams.get('expand[0]')).toBe('financial_addresses.aba.account_number');

    const [row] = await world.ctx.deps.db.select().from(financialAccounts).where(eq(financialAccounts.org_id, owner.org.id));
    expect(row!.provider_account_id).toMatch(/^fa_/);
    expect(row!.provider_connected_account_id).toMatch(/^acct_/);
    expect(faCreate.headers['stripe-account']).toBe(row!.provider_connected_account_id);
    const wallet = await walletOf(owner.headers);
    expect(wallet.account_details).toMatchObject({ routing_number: '101019644', account_number: expect.stringMatching(/^\d{10}$/) });
    expect(row!.account_number_encrypted).not.toContain(wallet.account_details.account_number);
  });

  it('shows no account numbers until Stripe activates the address feature, then records them sealed', async () => {
    world.stripe.treasury.options.pendingAddresses = true;
    const owner = await activatedOwner().finally(() => {
      world.stripe.treasury.options.pendingAddresses = false;
    });
    expect((await walletOf(owner.headers)).account_details).toBeNull();
    const { financialAccount } = await stripeAccountsOf(world.ctx, owner.org.id);
    world.stripe.treasury.activateFeatures(financialAccount);
    const [event] = world.stripe.takeEvents();
    expect((await world.stripe.deliver(world.ctx.app, event!)).json()).toMatchObject({ stored: 1, applied: 1 });
    const details = (await walletOf(owner.headers)).account_details;
    expect(details).toMatchObject({ routing_number: '101019644', account_number: expect.stringMatching(/^\d{10}$/) });
    const [stored] = await world.ctx.deps.db
      .select()
      .from(providerEvents)
      .where(eq(providerEvents.id, event!.id as string));
    expect(stored!.type).toBe('treasury.financial_account.address_ready');
    expect(JSON.stringify(stored!.data)).not.toContain(details.account_number);
  });
});

describe('Stripe Treasury: a bank verified by micro-deposits', () => {
  it("attaches the bank to the connected account itself, emails Stripe's hosted page and verifies with the descriptor code", async () => {
    const owner = await activatedOwner();
    const attach = await post('/v1/treasury/account', owner.headers, { account_number: '000123456789', routing_number: '110000000' });
    expect(attach.statusCode, attach.body).toBe(200);
    const url = attach.json().next_action.verify_with_microdeposits.hosted_verification_url;
    expect(url).toMatch(/^https:\/\/payments\.stripe\.com\/microdeposit\//);
    const create = requestsTo('/v1/setup_intents').at(-1)!;
    const params = new URLSearchParams(create.body);
    expect(params.get('attach_to_self')).toBe('true');
    expect(params.get('payment_method_options[us_bank_account][verification_method]')).toBe('microdeposits');
    expect(params.get('metadata[org_id]')).toBe(owner.org.id);
    expect(create.headers['idempotency-key']).toMatch(/^setup_intent:[0-9a-f-]{36}$/);
    const email = (await listOutbox(world.ctx.deps.db, { limit: 1000 })).filter((item) => item.to === owner.user.email).at(-1)!;
    expect(email.links).toContain(url);
    const pending = await walletOf(owner.headers);
    expect(pending.setup_intent).toMatchObject({ status: 'requires_action' });
    expect(pending.setup_intent.next_action.verify_with_microdeposits.hosted_verification_url).toBe(url);

    const { stripeAccount } = await stripeAccountsOf(world.ctx, owner.org.id);
    const stripe = newStripeClient(world.ctx.deps.config.providers.stripe);
    const wrong = stripe.setupIntents.verifyMicrodeposits(attach.json().id, { descriptor_code: 'SM0000' }, { stripeAccount });
    await expect(wrong).rejects.toMatchObject({ code: 'payment_method_microdeposit_verification_descriptor_code_mismatch' });
    await stripe.setupIntents.verifyMicrodeposits(attach.json().id, { descriptor_code: STRIPE_TEST_DESCRIPTOR_CODE }, { stripeAccount });
    await deliverAll();
    const verified = await walletOf(owner.headers);
    expect(verified.payment_method).toMatchObject({ id: expect.stringMatching(/^pm_/), us_bank_account: { last4: '6789' } });
    expect(verified.setup_intent.status).toBe('succeeded');
  });
});

describe('Stripe Treasury: adding funds by ACH debit (InboundTransfer)', () => {
  it('debits the verified payment method with the outbox key, settles once for a duplicated event', async () => {
    const owner = await ownerWithBank();
    const debit = await post('/v1/treasury/ach_debit', owner.headers, { payment_method: owner.paymentMethod, amount: 25_000 });
    expect(debit.statusCode, debit.body).toBe(200);
    const id = debit.json().id as string;
    const create = requestsTo('/v1/treasury/inbound_transfers').at(-1)!;
    expect(create.headers['idempotency-key']).toBe(`banking.inbound_transfer:${id}`);
    const params = new URLSearchParams(create.body);
    expect(params.get('origin_payment_method')).toBe(owner.paymentMethod);
    expect(params.get('metadata[treasury_transaction_id]')).toBe(id);
    expect((await rowOf(id)).provider_id).toMatch(/^ibt_/);
    expect(world.stripe.takeEvents()).toEqual([]);
    const [succeeded] = settled();
    for (let i = 0; i < 2; i += 1) expect((await world.stripe.deliver(world.ctx.app, succeeded!)).statusCode).toBe(200);
    expect((await rowOf(id)).status).toBe('succeeded');
    expect(await postingsOf(world, owner.org.id, { treasury_transaction_id: id })).toEqual([
      { type: 'ach_debit_settled', entries: { outside_bank: -25_000, wallet_available: 25_000 } },
    ]);
  });

  it('applies a return that overtakes the settlement once the settlement has come (state guards)', async () => {
    const owner = await ownerWithBank('000555555559');
    const id = (await post('/v1/treasury/ach_debit', owner.headers, { payment_method: owner.paymentMethod, amount: 10_000 })).json().id;
    const [succeeded] = settled();
    returnedLater('inbound_transfer', (await rowOf(id)).provider_id!);
    const [returned] = world.stripe.takeEvents();
    expect(returned!.type).toBe('treasury.received_debit.created');
    expect((await world.stripe.deliver(world.ctx.app, returned!)).json()).toMatchObject({ stored: 1, applied: 0 });
    expect((await rowOf(id)).status).toBe('processing');
    expect((await world.stripe.deliver(world.ctx.app, succeeded!)).json()).toMatchObject({ stored: 1, applied: 2 });
    expect(await rowOf(id)).toMatchObject({ status: 'returned', failure_reason: 'account_closed' });
    expect((await postingsOf(world, owner.org.id, { treasury_transaction_id: id })).map((posting) => posting.type)).toEqual([
      'ach_debit_settled',
      'ach_debit_returned',
    ]);
  });
});

describe('Stripe Treasury: transfer out (OutboundPayment)', () => {
  const transfer = { amount: 20_000, name: 'Acme Payroll', description: 'Payroll', account_num: '000123456789', routing_num: '110000000' };

  async function fundedOwner() {
    const owner = await activatedOwner();
    world.ctx.deps.config.transferOutOrgId = owner.org.id;
    await world.fund(owner.headers, owner.org.id, 100_000);
    return owner;
  }

  it('waits as long as a 429 Retry-After asks, then pays with the same key, the bank details and our reference', async () => {
    const owner = await fundedOwner();
    world.stripe.failNext(/^\/v1\/treasury\/outbound_payments$/, {
      status: 429,
      headers: { 'retry-after': '90' },
      body: { error: { type: 'invalid_request_error', code: 'rate_limit', message: 'Too many requests' } },
    });
    const started = Date.now();
    const sent = await post('/v1/treasury/ach', owner.headers, transfer);
    expect(sent.statusCode, sent.body).toBe(200);
    const id = sent.json().id as string;
    const waiting = await callOf(id);
    expect(waiting).toMatchObject({ status: 'pending', last_error: 'rate_limit' });
    expect(waiting.next_attempt_at.getTime()).toBeGreaterThanOrEqual(started + 90_000);
    await runDueProviderCalls(world.ctx.deps, { now: new Date(Date.now() + 91_000) });
    expect((await callOf(id)).status).toBe('succeeded');
    const [first, second] = requestsTo('/v1/treasury/outbound_payments').slice(-2);
    expect([first!.headers['idempotency-key'], second!.headers['idempotency-key']]).toEqual([
      `banking.outbound_payment:${id}`,
      `banking.outbound_payment:${id}`,
    ]);
    const params = new URLSearchParams(second!.body);
    expect(params.get('destination_payment_method_data[us_bank_account][routing_number]')).toBe('110000000');
    expect(params.get('destination_payment_method_data[billing_details][name]')).toBe('Acme Payroll');
    expect(params.get('metadata[treasury_transaction_id]')).toBe(id);
    for (const event of settled()) await world.stripe.deliver(world.ctx.app, event);
    expect((await rowOf(id)).status).toBe('succeeded');
    // 20,000 went to the payee's bank and its fee (2 cents) to the platform's financial account.
    expect(world.stripe.treasury.cashOf((await stripeAccountsOf(world.ctx, owner.org.id)).financialAccount)).toBe(79_998);
  });

  it('tries a 500 again after the backoff, and a payment returned after it posted gives the money back', async () => {
    const owner = await fundedOwner();
    world.stripe.failNext(/^\/v1\/treasury\/outbound_payments$/, {
      status: 500,
      body: { error: { type: 'api_error', message: 'Something went wrong' } },
    });
    const id = (await post('/v1/treasury/ach', owner.headers, { ...transfer, account_num: '000555555559' })).json().id as string;
    expect(await callOf(id)).toMatchObject({ status: 'pending', last_error: 'stripe_unavailable' });
    await runDueProviderCalls(world.ctx.deps, { now: new Date(Date.now() + 31_000) });
    expect((await callOf(id)).status).toBe('succeeded');
    const [posted] = settled();
    returnedLater('outbound_payment', (await rowOf(id)).provider_id!);
    const [returned] = world.stripe.takeEvents();
    // Reordered: the return first waits for the posting.
    expect((await world.stripe.deliver(world.ctx.app, returned!)).json()).toMatchObject({ applied: 0 });
    expect((await world.stripe.deliver(world.ctx.app, posted!)).json()).toMatchObject({ applied: 2 });
    expect(await rowOf(id)).toMatchObject({ status: 'returned', failure_reason: 'account_closed' });
    expect((await postingsOf(world, owner.org.id, { treasury_transaction_id: id })).map((posting) => posting.type)).toEqual([
      'hold',
      'ach_out_posted',
      'ach_out_returned',
    ]);
  });

  it('fails a payment Stripe refuses for good (beyond the cash balance) and releases the held amount and fee', async () => {
    const owner = await activatedOwner();
    world.ctx.deps.config.transferOutOrgId = owner.org.id;
    // A received credit Stripe reports twice (created, succeeded) credits the wallet once.
    await world.fund(owner.headers, owner.org.id, 10_000);
    expect((await walletOf(owner.headers)).balances[0].amount).toBe(10_000);
    const { financialAccount } = await stripeAccountsOf(world.ctx, owner.org.id);
    expect(world.stripe.treasury.cashOf(financialAccount)).toBe(10_000);
    world.stripe.failNext(/^\/v1\/treasury\/outbound_payments$/, {
      status: 400,
      body: { error: { type: 'invalid_request_error', code: 'insufficient_funds', message: 'Insufficient funds' } },
    });
    const id = (await post('/v1/treasury/ach', owner.headers, { ...transfer, amount: 5_000 })).json().id as string;
    expect(await rowOf(id)).toMatchObject({ status: 'failed', failure_reason: 'insufficient_funds' });
    expect((await walletOf(owner.headers)).balances[0].amount).toBe(10_000);
  });
});

describe("Stripe Treasury: a payee's bank payout (the stripe rail)", () => {
  it("pays from the organisation's financial account with a key per payment and our payment id as metadata", async () => {
    const { owner, payment } = await bankPayout(world, '000123456789', 5_000);
    const create = requestsTo('/v1/treasury/outbound_payments').at(-1)!;
    expect(create.headers['idempotency-key']).toMatch(new RegExp(`:${payment.id}$`));
    const { financialAccount, stripeAccount } = await stripeAccountsOf(world.ctx, owner.org.id);
    expect(create.headers['stripe-account']).toBe(stripeAccount);
    const params = new URLSearchParams(create.body);
    expect(params.get('financial_account')).toBe(financialAccount);
    expect(params.get('metadata[payment_id]')).toBe(payment.id);
    expect(params.get('destination_payment_method_data[us_bank_account][account_number]')).toBe('000123456789');
    // The payee's name (their business here) is what their bank shows on the ACH entry.
    expect(params.get('destination_payment_method_data[billing_details][name]')).toBe('Ava LLC');
    expect(params.get('destination_payment_method_data[us_bank_account][account_holder_type]')).toBe('company');
    const events = settled();
    expect(events.map((event) => event.type)).toEqual(['treasury.outbound_payment.posted']);
    for (let i = 0; i < 2; i += 1) expect((await world.stripe.deliver(world.ctx.app, events[0]!)).statusCode).toBe(200);
    const [stored] = await world.ctx.deps.db
      .select()
      .from(providerEvents)
      .where(eq(providerEvents.id, events[0]!.id as string));
    expect(stored!.type).toBe('payout.paid');
    expect(await postingsOf(world, owner.org.id, { payment_id: payment.id })).toEqual([
      { type: 'payment_succeeded', entries: { outside_bank: 5_000, wallet_held: -5_000 } },
    ]);
  });
});

describe('Stripe Treasury: the Connect webhook', () => {
  it("refuses a Connect event signed with a secret that is not one of ours, and one signed with the account endpoint's secret is accepted too", async () => {
    const owner = await activatedOwner();
    await world.receiveCredit(owner.org.id, 1_000);
    const [created, succeeded] = world.stripe.takeEvents();
    const wrong = await world.stripe.deliver(world.ctx.app, created!, { secret: 'whsec_someone_else' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Invalid signature');
    expect((await world.stripe.deliver(world.ctx.app, created!)).json()).toMatchObject({ stored: 1, applied: 1 });
    expect((await world.stripe.deliver(world.ctx.app, succeeded!, { secret: 'whsec_crewpay_fake' })).json()).toMatchObject({ stored: 1 });
    expect((await walletOf(owner.headers)).balances[0].amount).toBe(1_000);
  });
});
