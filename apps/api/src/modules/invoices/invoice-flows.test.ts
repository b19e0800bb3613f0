import { beforeAll, describe, expect, it } from 'vitest';
import { invoiceMessages } from '@crewpay/core';
import { createTestContext, operatorHeaders, type TestContext } from '../../../test/context.ts';
import { createOwner, readOutbox, uniqueEmail } from '../../../test/fixtures.ts';
import { activate, advanceClock } from '../../../test/wallet-fixtures.ts';
import { addCampaign, addCustomer } from '../../../test/campaign-fixtures.ts';
import { cardToken, linkBank, payByBank, payByCard, payLinkId, sendInvoice } from '../../../test/invoice-fixtures.ts';

import { reconcileLedger } from '../ledger/reconcile.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ SANDBOX_ACH_DELAY_SECONDS: '60' });
});

type Headers = Record<string, string>;
const get = (url: string, headers: Headers = {}) => ctx.app.inject({ method: 'GET', url, headers });
const post = (url: string, headers: Headers, payload?: object) => ctx.app.inject({ method: 'POST', url, headers, payload });
const put = (url: string, headers: Headers, payload: object) => ctx.app.inject({ method: 'PUT', url, headers, payload });

async function activatedOwner() {
  const owner = await createOwner(ctx.app);
  await activate(ctx.app, owner.headers);
  return owner;
}
const balance = async (headers: Headers) => (await get('/v1/wallets', headers)).json().stripe.balances[0].amount as number;

describe('paying by the sandbox bank link (ACH)', () => {
  it('is pending, then settles on the sandbox clock crediting amount - fee; a returned debit reverses it', async () => {
    const owner = await activatedOwner();
    const customer = await addCustomer(ctx.app, owner.headers);
    const good = await sendInvoice(ctx.app, owner.headers, { customer_id: customer.id, amount: 100_000 });
    const goodLink = await payLinkId(ctx.app, customer.email);
    const returned = await sendInvoice(ctx.app, owner.headers, { customer_id: customer.id, amount: 20_000 });
    const returnedLink = await payLinkId(ctx.app, customer.email);

    const wrong = await post(
      '/v1/sandbox_payments/bank_link',
      {},
      { link_token: `link-sandbox-${'a'.repeat(32)}`, institution: 'Tartan Bank', username: 'user_good', password: 'nope' },
    );
    expect(wrong.statusCode).toBe(400);

    expect((await payByBank(ctx.app, goodLink, await linkBank(ctx.app, goodLink))).json()).toEqual({
      status: 'pending',
      charge_type: 'ach',
      amount: 100_000,
      next_action: null,
      client_secret: null,
      verification_url: null,
      failure_reason: null,
    });
    expect((await payByBank(ctx.app, returnedLink, await linkBank(ctx.app, returnedLink, 'Plaid Saving'))).json().status).toBe('pending');
    // A second attempt while the first is pending charges nothing more.
    expect((await payByBank(ctx.app, goodLink, await linkBank(ctx.app, goodLink))).json().status).toBe('pending');
    expect(await balance(owner.headers)).toBe(0);
    expect((await get(`/v1/invoices/${good.id}`, owner.headers)).json().status).toBe('requires_info');
    expect((await post(`/v1/invoices/${good.id}/cancel`, owner.headers)).json().message).toBe(invoiceMessages.cancelFailed);
    // The pending debit was made for this amount: the invoice cannot change under it.
    const edit = await put(`/v1/invoices/${good.id}`, owner.headers, { amount: 5_000 });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe(invoiceMessages.paymentUnderway);

    // No receipt while the debit is under way: only once it settles.
    const receipts = () =>
      readOutbox(ctx.app).then((items) => items.filter((item) => item.to === customer.email && item.subject.startsWith('Receipt')));
    expect(await receipts()).toEqual([]);

    await advanceClock(ctx.app, 61);
    expect(await receipts()).toHaveLength(2);
    // ACH fee: 0.8% capped at $5.00.
    expect(await balance(owner.headers)).toBe(100_000 - 500 + 20_000 - 160);
    expect((await get(`/v1/invoices/${good.id}`, owner.headers)).json().status).toBe('succeeded');
    expect((await get(`/v1/invoices/${returned.id}`, owner.headers)).json().status).toBe('succeeded');

    await advanceClock(ctx.app, 61);
    expect(await balance(owner.headers)).toBe(100_000 - 500);
    expect((await get(`/v1/invoices/${returned.id}`, owner.headers)).json().status).toBe('requires_info');
    const grouped = (await get('/v1/charges', owner.headers)).json();
    expect(grouped[returned.id][0]).toMatchObject({ status: 'reversed', failure_reason: 'debit_not_authorized' });
    expect(grouped[good.id]).toHaveLength(1);
    expect((await reconcileLedger(ctx.deps)).problems).toEqual([]);
  });

  it('a debit the bank refuses fails the charge and leaves the invoice open', async () => {
    const owner = await activatedOwner();
    const customer = await addCustomer(ctx.app, owner.headers);
    const invoice = await sendInvoice(ctx.app, owner.headers, { customer_id: customer.id });
    const linkId = await payLinkId(ctx.app, customer.email);
    await payByBank(ctx.app, linkId, await linkBank(ctx.app, linkId, 'Plaid Low Balance'));
    await advanceClock(ctx.app, 61);
    const grouped = (await get(`/v1/charges?invoice_id=${invoice.id}`, owner.headers)).json();
    expect(grouped[invoice.id][0]).toMatchObject({ status: 'failed', failure_reason: 'insufficient_funds' });
    expect((await get(`/v1/invoices/${invoice.id}`, owner.headers)).json().status).toBe('requires_info');
  });

  it('a card dispute takes the money a day later, shown on the invoice with the owners told; unanswered, it is lost a week on', async () => {
    const owner = await activatedOwner();
    const customer = await addCustomer(ctx.app, owner.headers);
    const invoice = await sendInvoice(ctx.app, owner.headers, { customer_id: customer.id });
    const linkId = await payLinkId(ctx.app, customer.email);
    expect((await payByCard(ctx.app, linkId, await cardToken(ctx.app, '4000000000000341'))).json().status).toBe('succeeded');
    expect(await balance(owner.headers)).toBe(10_000 - 320);
    await advanceClock(ctx.app, 86_402);
    // The whole amount left: the wallet gave what it had, the 3.20 it lacks is owed.
    expect(await balance(owner.headers)).toBe(0);
    const open = (await get(`/v1/charges?invoice_id=${invoice.id}`, owner.headers)).json()[invoice.id][0];
    expect(open).toMatchObject({
      status: 'succeeded',
      refundable: 0,
      dispute: { amount: 10_000, reason: 'fraudulent', status: 'needs_response' },
    });
    expect(open.dispute.funds_withdrawn_at).toBeTruthy();
    expect((await get(`/v1/invoices/${invoice.id}`, owner.headers)).json().status).toBe('succeeded');
    const told = (await readOutbox(ctx.app)).filter((item) => item.to === owner.user.email && item.subject.startsWith('Payment disputed'));
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toContain("Your customer's bank disputes the payment of $100.00");

    await advanceClock(ctx.app, 8 * 86_400);
    const lost = (await get(`/v1/charges?invoice_id=${invoice.id}`, owner.headers)).json()[invoice.id][0];
    expect(lost).toMatchObject({ status: 'reversed', dispute: { status: 'lost' } });
    expect((await get(`/v1/invoices/${invoice.id}`, owner.headers)).json().status).toBe('requires_info');
    // Crewpay gave its fee back (paid out from the payments balance): it repays what the dispute left owed, first.
    expect(await balance(owner.headers)).toBe(0);
    expect((await readOutbox(ctx.app)).some((item) => item.to === owner.user.email && item.subject.startsWith('Dispute closed'))).toBe(
      true,
    );
    expect((await reconcileLedger(ctx.deps)).problems).toEqual([]);
  });
});

describe('managing invoices', () => {
  it('lists by tab with server paging, exports an escaped CSV, marks offline invoices paid and unpaid', async () => {
    const owner = await activatedOwner();
    const customer = await addCustomer(ctx.app, owner.headers, { phone_number: '+1 415 555 0100' });
    const campaign = await addCampaign(ctx.app, owner.headers, { customer_id: customer.id });
    const formula = await sendInvoice(ctx.app, owner.headers, {
      customer_id: customer.id,
      title: '=HYPERLINK("x")',
      payment_group_id: campaign.id,
    });
    const offline = await sendInvoice(ctx.app, owner.headers, { customer_id: customer.id, processor: 'offline', title: '@offline' });
    const third = await sendInvoice(ctx.app, owner.headers, { customer_id: customer.id, title: 'Third' });
    await post('/v1/invoices/cancel', owner.headers, { ids: [third.id] });

    const open = (await get('/v1/invoices?tab=open&page_size=1', owner.headers)).json();
    expect(open.total).toBe(2);
    expect(open.invoices).toHaveLength(1);
    expect((await get('/v1/invoices?tab=canceled', owner.headers)).json().invoices.map((row: { id: string }) => row.id)).toEqual([
      third.id,
    ]);
    expect((await get(`/v1/invoices?tab=all&payment_group_id=${campaign.id}`, owner.headers)).json().total).toBe(1);

    const marked = await put(`/v1/invoices/${offline.id}`, owner.headers, { status: 'succeeded' });
    expect(marked.json()).toMatchObject({ status: 'succeeded' });
    expect((await put(`/v1/invoices/${offline.id}`, owner.headers, { title: 'Changed' })).json().message).toBe(
      invoiceMessages.paidNotEditable,
    );
    expect((await put(`/v1/invoices/${offline.id}`, owner.headers, { status: 'requires_info' })).json().status).toBe('requires_info');
    expect((await put(`/v1/invoices/${formula.id}`, owner.headers, { status: 'succeeded' })).json().message).toBe(
      invoiceMessages.onlyOffline,
    );
    expect((await put(`/v1/invoices/${formula.id}`, owner.headers, { amount: 20_000, net: 60 })).json()).toMatchObject({
      amount: 20_000,
      net: 60,
    });

    const csv = await get('/v1/invoices/export?tab=all', owner.headers);
    expect(csv.headers['content-disposition']).toContain('invoices_report.csv');
    expect(csv.body).toContain(`"'=HYPERLINK(""x"")"`);
    expect(csv.body).toContain(`'@offline`);

    const customerPage = (await get('/v1/customers', owner.headers)).json();
    expect(JSON.stringify(customerPage)).toContain('"invoice_count":2');
    const dashboard = (await get('/v1/dashboard', owner.headers)).json();
    expect(dashboard.receivable).toBe(30_000);
    expect(dashboard.todos.filter((todo: { todoType: string }) => todo.todoType === 'Unpaid Invoice')).toHaveLength(2);

    const sms = await post('/v1/invoices/reminders', owner.headers, { ids: [formula.id], channel: 'sms' });
    expect(sms.json()).toMatchObject({ count: 1, message: invoiceMessages.reminders });
    const texts = (await get('/dev/sms', { ...operatorHeaders, accept: 'application/json' })).json();
    expect(texts[0]).toMatchObject({ to: '+14155550100', status: 'sent', reason: null });
    expect((await post('/v1/invoices/reminders', owner.headers, { ids: [formula.id], channel: 'email' })).json().count).toBe(1);
  });

  it("refuses another organisation's invoice, customer, campaign and charges", async () => {
    const owner = await activatedOwner();
    const other = await activatedOwner();
    const customer = await addCustomer(ctx.app, other.headers);
    const campaign = await addCampaign(ctx.app, other.headers);
    const invoice = await sendInvoice(ctx.app, other.headers, { customer_id: customer.id });
    expect((await get(`/v1/invoices/${invoice.id}`, owner.headers)).statusCode).toBe(404);
    expect((await put(`/v1/invoices/${invoice.id}`, owner.headers, { title: 'x' })).statusCode).toBe(404);
    expect((await post(`/v1/invoices/${invoice.id}/cancel`, owner.headers)).statusCode).toBe(404);
    expect((await post('/v1/invoices/reminders', owner.headers, { ids: [invoice.id], channel: 'email' })).statusCode).toBe(409);
    const base = { title: 'T', description: 'D', amount: 500 };
    expect((await post('/v1/invoices', owner.headers, { ...base, customer_id: customer.id })).statusCode).toBe(404);
    expect(
      (await post('/v1/invoices', owner.headers, { ...base, email: uniqueEmail(), name: 'N', payment_group_id: campaign.id })).statusCode,
    ).toBe(404);
    expect((await get(`/v1/charges?invoice_id=${invoice.id}`, owner.headers)).json()).toEqual({});
    expect((await get('/v1/invoices?tab=all', owner.headers)).json().total).toBe(0);
  });
});
