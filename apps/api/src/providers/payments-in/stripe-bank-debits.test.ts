import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { charges, invoices, notifications, providerCalls } from '../../db/schema/index.ts';
import { listOutbox } from '../../modules/email/index.ts';
import { newStripeClient } from '../clients/stripe-client.ts';
import { invoiceToPay, liveWorld, postingsOf, stripeAccountsOf } from '../../../test/worlds.ts';
import { expectBooksEqualStripe } from '../../../test/books.ts';
import { payByBank } from '../../../test/invoice-fixtures.ts';

let world: Awaited<ReturnType<typeof liveWorld>>;
beforeAll(async () => {
  world = await liveWorld();
});

const chargeOf = async (invoiceId: string) => (await world.ctx.deps.db.select().from(charges).where(eq(charges.invoice_id, invoiceId)))[0]!;
const invoiceStatus = async (invoiceId: string) =>
  (await world.ctx.deps.db.select().from(invoices).where(eq(invoices.id, invoiceId)))[0]!.status;
const linkOf = async (linkId: string) =>
  (await world.ctx.app.inject({ method: 'GET', url: `/v1/expiring_link?id=${encodeURIComponent(linkId)}` })).json();
const lastIntentRequest = () => world.stripe.requests.filter((request) => request.path === '/v1/payment_intents').at(-1)!;
const achSettled = (amount: number, fee: number) => ({
  type: 'invoice_ach_settled',
  entries: { fees: fee, outside_bank: -amount, payments_balance: amount - fee },
});

describe('invoice bank payments: Stripe Financial Connections and ACH Direct Debit on the organisation’s account (fake)', () => {
  it("debits the account the payer linked, with their name and their online mandate (IP, browser); processing, then settled: the books equal Stripe's", async () => {
    const { owner, invoice, linkId } = await invoiceToPay(world, 20_000);
    const { stripeAccount } = await stripeAccountsOf(world.ctx, owner.org.id);
    const paid = await world.payByBankLink(linkId, '000123456789', { name: 'Jordan Payer' });
    expect(paid.json(), paid.body).toMatchObject({ status: 'pending', charge_type: 'ach', amount: 20_000, next_action: null });
    // The Session belongs to the invoice's customer on the organisation's account, for payments only.
    const session = new URLSearchParams(
      world.stripe.requests.find((request) => request.path === '/v1/financial_connections/sessions')!.body,
    );
    expect(session.get('permissions[0]')).toBe('payment_method');
    expect(session.get('account_holder[type]')).toBe('customer');
    const intent = lastIntentRequest();
    expect(intent.headers['stripe-account']).toBe(stripeAccount);
    const body = new URLSearchParams(intent.body);
    expect(body.get('payment_method_data[us_bank_account][financial_connections_account]')).toMatch(/^fca_/);
    expect(body.get('payment_method_data[us_bank_account][account_number]')).toBeNull();
    expect(body.get('payment_method_data[billing_details][name]')).toBe('Jordan Payer');
    expect(body.get('customer')).toBe(session.get('account_holder[customer]'));
    expect(body.get('mandate_data[customer_acceptance][type]')).toBe('online');
    expect(body.get('mandate_data[customer_acceptance][online][user_agent]')).toBe('Mozilla/5.0 (X11; Linux x86_64) Crewpay tests');
    expect(body.get('mandate_data[customer_acceptance][online][ip_address]')).toBeTruthy();
    expect(body.get('application_fee_amount')).toBe('160');
    expect(await chargeOf(invoice.id)).toMatchObject({ status: 'pending', method_label: 'StripeBank •••• 6789' });
    // The mandate's evidence is personal data: sealed where the outbox keeps the call.
    const [call] = await world.ctx.deps.db
      .select()
      .from(providerCalls)
      .where(eq(providerCalls.subject_id, (await chargeOf(invoice.id)).id));
    expect(JSON.stringify(call!.request)).not.toContain('Crewpay tests');

    await world.settle();
    expect((await chargeOf(invoice.id)).status).toBe('succeeded');
    expect(await invoiceStatus(invoice.id)).toBe('succeeded');
    expect(await postingsOf(world, owner.org.id, { invoice_id: invoice.id })).toEqual([achSettled(20_000, 160)]);
    const books = await expectBooksEqualStripe(world, owner.org.id);
    expect(books.cash).toBe(20_000 - 160);
    const receipts = (await listOutbox(world.ctx.deps.db, { limit: 1000 })).filter((item) => item.to === invoice.customer_email);
    expect(receipts.filter((item) => item.subject.startsWith('Receipt'))).toHaveLength(1);
  });

  it('an account typed by hand waits for its micro-deposits (a pending verification, not a failure); verified, it is debited and settles', async () => {
    const { owner, invoice, linkId } = await invoiceToPay(world, 9_000);
    const paid = (await world.payByBankLink(linkId, '000123456789', { manual_entry: true })).json();
    expect(paid).toMatchObject({ status: 'pending', next_action: 'verify_bank', failure_reason: null });
    expect(paid.verification_url).toMatch(/^https:\/\/payments\.stripe\.com\/microdeposit\//);
    await world.settle();
    expect(await chargeOf(invoice.id)).toMatchObject({ status: 'pending', next_action: 'verify_bank' });
    expect((await linkOf(linkId)).payment).toMatchObject({ status: 'pending', next_action: 'verify_bank' });

    // What Stripe's hosted verification page does with the code on the payer's statement.
    const { stripeAccount } = await stripeAccountsOf(world.ctx, owner.org.id);
    await newStripeClient(world.ctx.deps.config.providers.stripe).paymentIntents.verifyMicrodeposits(
      (await chargeOf(invoice.id)).provider_id!,
      { descriptor_code: 'SM11AA' },
      { stripeAccount },
    );
    await world.settle();
    expect(await chargeOf(invoice.id)).toMatchObject({ status: 'succeeded', next_action: null });
    expect(await postingsOf(world, owner.org.id, { invoice_id: invoice.id })).toEqual([achSettled(9_000, 72)]);
    await expectBooksEqualStripe(world, owner.org.id);
  });

  it('a bank Stripe cannot debit leaves the invoice open with a failed charge, and the organisation is told', async () => {
    const { owner, invoice, linkId } = await invoiceToPay(world, 5_000);
    expect((await world.payByBankLink(linkId, '000222222227')).statusCode).toBe(200);
    await world.settle();
    expect(await chargeOf(invoice.id)).toMatchObject({ status: 'failed', failure_reason: 'insufficient_funds' });
    expect(await invoiceStatus(invoice.id)).toBe('requires_info');
    expect((await linkOf(linkId)).payment).toMatchObject({ status: 'failed', failure_reason: 'insufficient_funds' });
    const told = await world.ctx.deps.db.select().from(notifications).where(eq(notifications.org_id, owner.org.id));
    expect(told.map((note) => [note.text, note.link])).toContainEqual([
      "An invoice's payment of $50.00 failed: the invoice is still open",
      `/invoices/${invoice.id}`,
    ]);
    await expectBooksEqualStripe(world, owner.org.id);
  });

  it("a debit its bank takes back after it settled (a dispute, 000555555559) is returned: reversed, the fee given back, the books equal Stripe's", async () => {
    const { owner, invoice, linkId } = await invoiceToPay(world, 20_000);
    await world.payByBankLink(linkId, '000555555559');
    await world.settle();
    expect(await chargeOf(invoice.id)).toMatchObject({ status: 'reversed', failure_reason: 'debit_not_authorized' });
    expect(await invoiceStatus(invoice.id)).toBe('requires_info');
    expect(await postingsOf(world, owner.org.id, { invoice_id: invoice.id })).toEqual([
      achSettled(20_000, 160),
      { type: 'invoice_ach_returned', entries: { fees: -160, outside_bank: 20_000, payments_balance: -19_840 } },
    ]);
    await expectBooksEqualStripe(world, owner.org.id);
  });

  it('refuses a session or account not linked for this link, a missing name or mandate, with the messages to act on', async () => {
    const { invoice, linkId } = await invoiceToPay(world, 5_000);
    const token = await world.ctx.app.inject({ method: 'GET', url: `/v1/plaid_link_token?id=${encodeURIComponent(linkId)}` });
    const linked = world.stripe.payments.linkBankAccount(token.json().token, { account_number: '000123456789' });
    const session = linked.session.id as string;
    const wrongAccount = await payByBank(world.ctx.app, linkId, { public_token: session, account_id: 'fca_notlinkedhere' });
    expect(wrongAccount.json()).toMatchObject({ message: 'This bank link has expired: connect your bank again', field: 'public_token' });
    const unknown = await payByBank(world.ctx.app, linkId, { public_token: 'fcsess_unknown', account_id: linked.account.id as string });
    expect(unknown.statusCode).toBe(400);
    const url = `/v1/expiring_link?id=${encodeURIComponent(linkId)}`;
    const noName = await world.ctx.app.inject({
      method: 'POST',
      url,
      payload: { method: 'bank', public_token: session, account_id: linked.account.id, name: ' ', mandate_accepted: true },
    });
    expect(noName.json()).toMatchObject({ message: 'Enter the name on the bank account', field: 'name' });
    const noMandate = await world.ctx.app.inject({
      method: 'POST',
      url,
      payload: { method: 'bank', public_token: session, account_id: linked.account.id, name: 'Jordan Payer' },
    });
    expect(noMandate.json()).toMatchObject({ message: 'Accept the debit authorisation to pay by bank', field: 'mandate_accepted' });
    expect((await world.ctx.deps.db.select().from(charges).where(eq(charges.invoice_id, invoice.id))).length).toBe(0);
  });
});
