import { and, asc, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { createTestContext, type TestContext } from './context.ts';
import { createOwner } from './fixtures.ts';
import { addCustomer } from './campaign-fixtures.ts';
import { cardToken, linkBank as linkInvoiceBank, payByBank, payByCard, sendInvoice } from './invoice-fixtures.ts';
import { activate, advanceClock, linkVerifiedBank, stripeWalletId } from './wallet-fixtures.ts';
import { financialAccounts, ledgerAccounts, ledgerEntries, ledgerTransfers } from '../src/db/schema/index.ts';
import { listOutbox } from '../src/modules/email/outbox.ts';
import { simulateSandboxReceivedCredit } from '../src/providers/banking/index.ts';
import { sandboxBankAccounts } from '../src/providers/payments-in/index.ts';
import { newStripeClient } from '../src/providers/clients/stripe-client.ts';
import { runDueProviderCalls } from '../src/modules/provider-calls/index.ts';
import { startPaypalFake, type PaypalFake } from '../fakes/paypal-fake.ts';
import { connectPaypal } from './paypal-fixtures.ts';
import { startStripeFake, type StripeFake } from '../fakes/stripe-fake.ts';
import { STRIPE_TEST_DESCRIPTOR_CODE } from '../fakes/stripe-treasury-fake.ts';
import { RETURNED_TEST_ACCOUNT } from '../src/providers/banking/test-accounts.ts';

export type CardBehaviour = 'succeed' | 'decline' | 'dispute' | 'authenticate';
type BankOwner = { headers: Record<string, string>; email: string; org_id: string };

/**
 * One implementation of the providers for the shared scenario table: the sandbox, or the real
 * adapters (SANDBOX=false) talking to local fakes. Each answers the same steps in its own way
 * (a sandbox card number or a Stripe test PaymentMethod; the sandbox clock or the fake's
 * webhooks), so a scenario reads the same and must end in the same ledger postings.
 */
export type World = {
  name: string;
  ctx: TestContext;
  /** The payer pays the invoice behind the link with a card that behaves so. */
  payByCard(linkId: string, card: CardBehaviour): ReturnType<typeof payByCard>;
  /** The payer links the bank holding this account (the sandbox's bank login; Stripe's Financial Connections outside it) and pays by ACH. */
  payByBank(linkId: string, accountNumber: string): ReturnType<typeof payByCard>;
  /** Every outcome the providers have to report arrives (through the webhook route), and the worker makes the calls due. */
  settle(): Promise<void>;
  /** The payer answers the 3-D Secure step of the invoice's pending card payment (Stripe.js's part). */
  authenticate(linkId: string, outcome: 'complete' | 'fail'): Promise<void>;
  /** The card payment's dispute is lost (unanswered until its evidence was due; accepted, outside the sandbox). */
  loseDispute(orgId: string, invoiceId: string): Promise<void>;
  /** Money arrives in the organisation's wallet (the sandbox's load; a received credit outside it). */
  fund(headers: Record<string, string>, orgId: string, amount: number): Promise<void>;
  /** Someone sends money to the wallet's own account numbers (an ACH credit): reported, not yet delivered. */
  receiveCredit(orgId: string, amount: number): Promise<void>;
  /** What the provider reported while the organisation was activated (Stripe's account.updated) has arrived. */
  afterActivation(): Promise<void>;
  /** The owner attaches this bank and verifies it with the micro-deposit's descriptor code; answers the payment method id. */
  linkBank(owner: BankOwner, accountNumber: string): Promise<string>;
  /** The owner connects the organisation's own PayPal account (the sandbox PayPal's, or the fake PayPal's). */
  connectPaypal(headers: Record<string, string>): ReturnType<typeof connectPaypal>;
};

const SANDBOX_CARDS: Record<CardBehaviour, string> = {
  succeed: '4242424242424242',
  decline: '4000000000000002',
  dispute: '4000000000000259',
  authenticate: '4000002760003184',
};
const STRIPE_CARDS: Record<CardBehaviour, string> = {
  succeed: 'pm_card_visa',
  decline: 'pm_card_chargeDeclined',
  dispute: 'pm_card_createDispute',
  authenticate: 'pm_card_authenticationRequired',
};

/** The client secret of the pending payment behind the pay link, as the pay page reads it. */
async function clientSecretOf(ctx: TestContext, linkId: string): Promise<string> {
  const link = await ctx.app.inject({ method: 'GET', url: `/v1/expiring_link?id=${encodeURIComponent(linkId)}` });
  const secret = link.json<{ payment: { client_secret: string | null } | null }>().payment?.client_secret;
  expect(secret, link.body).toBeTruthy();
  return secret!;
}

export async function sandboxWorld(): Promise<World> {
  const ctx = await createTestContext({ SANDBOX_ACH_DELAY_SECONDS: '60' });
  return {
    name: 'sandbox',
    ctx,
    payByCard: async (linkId, card) => payByCard(ctx.app, linkId, await cardToken(ctx.app, SANDBOX_CARDS[card])),
    async payByBank(linkId, accountNumber) {
      const account = sandboxBankAccounts.find((candidate) => candidate.account_number === accountNumber)!;
      return payByBank(ctx.app, linkId, await linkInvoiceBank(ctx.app, linkId, account.name));
    },
    async settle() {
      expect((await advanceClock(ctx.app, 3 * 86_400)).statusCode).toBe(200);
      await runDueProviderCalls(ctx.deps);
    },
    async authenticate(linkId, outcome) {
      const client_secret = await clientSecretOf(ctx, linkId);
      const answer = await ctx.app.inject({
        method: 'POST',
        url: '/v1/sandbox_payments/authenticate',
        payload: { client_secret, outcome },
      });
      expect(answer.statusCode, answer.body).toBe(200);
    },
    async loseDispute() {
      // Unanswered, a sandbox dispute is lost when its evidence is due, a week after it opened.
      expect((await advanceClock(ctx.app, 8 * 86_400)).statusCode).toBe(200);
      await runDueProviderCalls(ctx.deps);
    },
    async fund(headers, _orgId, amount) {
      expect((await ctx.app.inject({ method: 'POST', url: '/v1/treasury/load', headers, payload: { amount } })).statusCode).toBe(200);
    },
    async receiveCredit(orgId, amount) {
      await simulateSandboxReceivedCredit(ctx.deps.db, { org_id: orgId, amount });
    },
    linkBank: (owner, accountNumber) => linkVerifiedBank(ctx.app, owner.headers, owner.email, accountNumber),
    connectPaypal: (headers) => connectPaypal(ctx.app, headers),
    afterActivation: async () => {},
  };
}

/** The organisation's Stripe financial account and the connected account holding it. */
export async function stripeAccountsOf(ctx: TestContext, orgId: string) {
  const [row] = await ctx.deps.db.select().from(financialAccounts).where(eq(financialAccounts.org_id, orgId));
  return { financialAccount: row!.provider_account_id, stripeAccount: row!.provider_connected_account_id! };
}

/** SANDBOX=false: the Stripe (payments, Treasury) and PayPal adapters on their local fakes (`env`: settings of more fakes). */
export async function liveWorld(
  env: Record<string, string> = {},
): Promise<World & { stripe: StripeFake; paypal: PaypalFake; payByBankLink: typeof payByBankLink }> {
  const stripe = await startStripeFake();
  const paypal = await startPaypalFake();
  const ctx = await createTestContext({ SANDBOX: 'false', ...stripe.settings, ...paypal.settings, ...env });
  const client = () => newStripeClient(ctx.deps.config.providers.stripe);
  const deliverStripe = async () => {
    let delivered = 0;
    for (const event of stripe.takeEvents()) {
      expect((await stripe.deliver(ctx.app, event)).statusCode).toBe(200);
      delivered += 1;
    }
    return delivered;
  };
  // PayPal processes its batches when its events are taken: only settle() lets it move on.
  const deliverAll = async () => {
    let delivered = await deliverStripe();
    for (const event of paypal.takeEvents()) {
      expect((await paypal.deliver(ctx.app, event)).statusCode).toBe(200);
      delivered += 1;
    }
    return delivered;
  };
  /**
   * The payer links the bank holding `accountNumber` in Stripe's Financial Connections window
   * (the fake plays Stripe.js with the Session's client secret) and pays by ACH.
   */
  async function payByBankLink(linkId: string, accountNumber: string, options: { manual_entry?: boolean; name?: string } = {}) {
    const token = await ctx.app.inject({ method: 'GET', url: `/v1/plaid_link_token?id=${encodeURIComponent(linkId)}` });
    expect(token.statusCode, token.body).toBe(200);
    const linked = stripe.payments.linkBankAccount(token.json<{ token: string }>().token, { account_number: accountNumber, ...options });
    return payByBank(ctx.app, linkId, {
      public_token: linked.session.id as string,
      account_id: linked.account.id as string,
      name: options.name ?? 'Casey Brand',
    });
  }
  async function receiveCredit(orgId: string, amount: number) {
    const { financialAccount, stripeAccount } = await stripeAccountsOf(ctx, orgId);
    await client().testHelpers.treasury.receivedCredits.create(
      { financial_account: financialAccount, amount, currency: 'usd', network: 'ach', description: 'Received credit' },
      { stripeAccount },
    );
  }
  function settleTreasury() {
    // Stripe's test mode settles each Treasury movement as its test bank account says ...
    stripe.treasury.settle();
    // ... and the bank of the "succeeds, then comes back" account returns it days later: Stripe's test helper `return`.
    for (const movement of stripe.treasury.returnable(RETURNED_TEST_ACCOUNT)) {
      const move = movement.kind === 'inbound_transfer' ? stripe.treasury.moveInbound : stripe.treasury.moveOutbound;
      move(movement.id, 'return', 'account_closed');
    }
  }
  /** Until nothing is left: the events, the worker's due calls, what the ACH network answers later, the payout schedule and its arrival. */
  async function settle() {
    for (let round = 0; round < 10; round += 1) {
      settleTreasury();
      let moved = await deliverAll();
      await runDueProviderCalls(ctx.deps);
      moved += (await deliverAll()) + stripe.payments.runLater() + stripe.payments.runPayouts() + stripe.payments.arrivePayouts();
      if (moved === 0) return;
    }
  }
  return {
    name: 'real adapters on fakes',
    ctx,
    stripe,
    paypal,
    payByBankLink,
    payByCard: (linkId, card) => payByCard(ctx.app, linkId, STRIPE_CARDS[card]),
    payByBank: (linkId, accountNumber) => payByBankLink(linkId, accountNumber),
    settle,
    async authenticate(linkId, outcome) {
      stripe.payments.authenticate((await clientSecretOf(ctx, linkId)).split('_secret_')[0]!, outcome);
      await deliverStripe();
    },
    async loseDispute(orgId) {
      const { stripeAccount } = await stripeAccountsOf(ctx, orgId);
      const open = stripe.payments
        .state()
        .disputes.find((dispute) => dispute.account === stripeAccount && dispute.status === 'needs_response');
      expect(open).toBeDefined();
      // The organisation accepts the dispute (Stripe's close): lost.
      await client().disputes.close(open!.id as string, {}, { stripeAccount });
      await settle();
    },
    async fund(_headers, orgId, amount) {
      // Outside the sandbox money arrives as a received credit at the wallet's account numbers.
      await receiveCredit(orgId, amount);
      await deliverStripe();
    },
    receiveCredit,
    connectPaypal: (headers) => connectPaypal(ctx.app, headers, { fake: paypal }),
    async afterActivation() {
      await deliverStripe();
    },
    async linkBank({ headers, org_id: orgId }, accountNumber) {
      const attach = await ctx.app.inject({
        method: 'POST',
        url: '/v1/treasury/account',
        headers,
        payload: { account_number: accountNumber, routing_number: '110000000' },
      });
      expect(attach.statusCode, attach.body).toBe(200);
      // What Stripe's hosted verification page does with the code the owner reads on the statement.
      await client().setupIntents.verifyMicrodeposits(
        attach.json<{ id: string }>().id,
        { descriptor_code: STRIPE_TEST_DESCRIPTOR_CODE },
        { stripeAccount: (await stripeAccountsOf(ctx, orgId)).stripeAccount },
      );
      await deliverStripe();
      const wallet = await ctx.app.inject({ method: 'GET', url: `/v1/wallets/${await stripeWalletId(ctx.app, headers)}`, headers });
      return wallet.json<{ payment_method: { id: string } }>().payment_method.id;
    },
  };
}

/** An activated organisation with an invoice sent to a new customer, and the pay link emailed to them. */
export async function invoiceToPay(world: World, amount: number) {
  const owner = await createOwner(world.ctx.app);
  await activate(world.ctx.app, owner.headers);
  await world.afterActivation();
  const customer = await addCustomer(world.ctx.app, owner.headers);
  const invoice = await sendInvoice(world.ctx.app, owner.headers, { customer_id: customer.id, amount });
  const email = (await listOutbox(world.ctx.deps.db, { limit: 1000 })).filter((item) => item.to === customer.email).at(-1);
  const url = email?.links.find((link) => link.includes('/invoices/pay?id='));
  expect(url).toBeDefined();
  return { owner, invoice, linkId: decodeURIComponent(url!.split('/invoices/pay?id=')[1]!) };
}

/**
 * An activated, funded organisation that pays an agent `amount` through the agent's payee link,
 * to PayPal `receiver` (an email), or to Venmo when it is a phone number.
 */
export async function paypalPayout(world: World, receiver: string, amount: number) {
  return payeePayout(
    world,
    receiver.includes('@')
      ? { selected_payment_method: 'paypal', paypal_email: receiver }
      : { selected_payment_method: 'venmo', venmo_phone_number: receiver },
    amount,
  );
}

/** The same, to the agent's bank account by ACH (the `stripe` payout method). */
export async function bankPayout(world: World, accountNumber: string, amount: number) {
  return payeePayout(world, { selected_payment_method: 'stripe', account_number: accountNumber, routing_number: '110000000' }, amount);
}

async function payeePayout(world: World, method: Record<string, string>, amount: number) {
  const { app, deps } = world.ctx;
  const owner = await createOwner(app);
  await activate(app, owner.headers);
  await world.afterActivation();
  await world.fund(owner.headers, owner.org.id, 100_000);
  await world.connectPaypal(owner.headers);
  const email = `agent.${Date.now()}.${Math.random().toString(36).slice(2)}@example.com`;
  const agent = await app.inject({
    method: 'POST',
    url: '/v1/users',
    headers: owner.headers,
    payload: { first_name: 'Ava', last_name: 'Agent', email, is_agent: true },
  });
  expect(agent.statusCode, agent.body).toBe(200);
  const drafts = await app.inject({
    method: 'POST',
    url: '/v1/payments',
    headers: owner.headers,
    payload: [{ recipient: agent.json().id, recipient_role: 'agent', earnings: amount, split: 100, memo: '' }],
  });
  expect(drafts.statusCode, drafts.body).toBe(200);
  const payment = drafts.json<{ data: { id: string; amount: number; fee: number }[] }>().data[0]!;
  expect(
    (await app.inject({ method: 'PUT', url: '/v1/payments/initiate', headers: owner.headers, payload: { ids: [payment.id] } })).statusCode,
  ).toBe(200);
  const link = (await listOutbox(deps.db, { limit: 1000 })).filter((item) => item.to === email).at(-1)!.links[0]!;
  const submitted = await app.inject({
    method: 'POST',
    url: `/v1/expiring_link?id=${link.split('/bankDetails?id=')[1]!}`,
    payload: {
      ...method,
      entity_type: 'llc_partnership',
      tax_id: '12-3456789',
      business_name: 'Ava LLC',
      address: { line_1: '1 Main St', city: 'Austin', state: 'tx', zip: '78701' },
    },
  });
  expect(submitted.statusCode, submitted.body).toBe(200);
  return { owner, payment };
}

/** The ledger postings whose metadata names this object (invoice_id, payment_id ...): type and entries by account kind, in order. */
export async function postingsOf(world: World, orgId: string, metadata: Record<string, string>) {
  const rows = await world.ctx.deps.db
    .select({ transfer: ledgerTransfers.id, type: ledgerTransfers.type, kind: ledgerAccounts.kind, amount: ledgerEntries.amount })
    .from(ledgerTransfers)
    .innerJoin(ledgerEntries, eq(ledgerEntries.transfer_id, ledgerTransfers.id))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.account_id))
    .where(and(eq(ledgerTransfers.org_id, orgId), sql`${ledgerTransfers.metadata} @> ${JSON.stringify(metadata)}::jsonb`))
    .orderBy(asc(ledgerTransfers.created_at), asc(ledgerTransfers.type), asc(ledgerAccounts.kind));
  const transfers = new Map<string, { type: string; entries: Record<string, number> }>();
  for (const row of rows) {
    const transfer = transfers.get(row.transfer) ?? { type: row.type, entries: {} };
    transfer.entries[row.kind] = (transfer.entries[row.kind] ?? 0) + row.amount;
    transfers.set(row.transfer, transfer);
  }
  return [...transfers.values()];
}
