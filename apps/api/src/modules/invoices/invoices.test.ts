import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { invoiceMessages, NUL_MESSAGE } from '@crewpay/core';
import { createTestContext, operatorHeaders, type TestContext } from '../../../test/context.ts';
import { createOwner, multipartFile, readOutbox, uniqueEmail } from '../../../test/fixtures.ts';
import { activate } from '../../../test/wallet-fixtures.ts';
import { addCustomer, createMember } from '../../../test/campaign-fixtures.ts';
import { cardToken, payByCard, payLinkId, sendInvoice } from '../../../test/invoice-fixtures.ts';
import { charges, ledgerTransfers } from '../../db/schema/index.ts';
import { reconcileLedger } from '../ledger/reconcile.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ SANDBOX_ACH_DELAY_SECONDS: '60' });
});

type Headers = Record<string, string>;
const get = (url: string, headers: Headers = {}) => ctx.app.inject({ method: 'GET', url, headers });
const post = (url: string, headers: Headers, payload?: object) => ctx.app.inject({ method: 'POST', url, headers, payload });

async function activatedOwner() {
  const owner = await createOwner(ctx.app);
  await activate(ctx.app, owner.headers);
  return owner;
}
const balance = async (headers: Headers) => (await get('/v1/wallets', headers)).json().stripe.balances[0].amount as number;

describe('creating invoices', () => {
  it('answers each validation message', async () => {
    const owner = await activatedOwner();
    const base = { email: uniqueEmail('brand'), name: 'Brand', title: 'T', description: 'D', amount: 10_000, net: 30 };
    const cases: [object, string, string][] = [
      [{ amount: 99 }, 'amount', invoiceMessages.amount],
      [{ amount: 10.5 }, 'amount', invoiceMessages.amount],
      [{ amount: 'ten' }, 'amount', invoiceMessages.amount],
      [{ amount: 1e20 }, 'amount', invoiceMessages.amount],
      [{ net: 366 }, 'net', invoiceMessages.net],
      [{ net: -1 }, 'net', invoiceMessages.net],
      [{ title: ' ' }, 'title', 'This field is required'],
      [{ description: '' }, 'description', 'This field is required'],
      [{ email: null, name: null }, 'email', invoiceMessages.recipient],
      [{ email: 'not-an-email' }, 'email', 'This field is required and must be an email'],
      [{ cc_emails: 'a@b.com, nope' }, 'cc_emails', 'CC emails must be valid emails separated by commas'],
      [{ title: 'a\u0000b' }, 'title', NUL_MESSAGE],
      [{ payment_group_id: 'x' }, 'payment_group_id', 'Must be a valid id'],
    ];
    for (const [change, field, message] of cases) {
      const response = await post('/v1/invoices', owner.headers, { ...base, ...change });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.json(), JSON.stringify(change)).toMatchObject({ field, message });
    }
  });

  it('refuses an organisation without a wallet, and people who are not staff', async () => {
    const owner = await createOwner(ctx.app);
    const response = await post('/v1/invoices', owner.headers, {
      email: uniqueEmail(),
      name: 'B',
      title: 'T',
      description: 'D',
      amount: 500,
    });
    expect(response.json()).toMatchObject({ message: invoiceMessages.noTreasury });
    const active = await activatedOwner();
    const creator = await createMember(ctx.deps, active.org.id, 'creator');
    const valid = { email: uniqueEmail('brand'), name: 'B', title: 'T', description: 'D', amount: 500 };
    for (const [method, url] of [
      ['GET', '/v1/invoices'],
      ['GET', '/v1/charges'],
      ['GET', '/v1/invoices/export'],
      ['POST', '/v1/invoices'],
    ] as const) {
      const payload = method === 'POST' ? valid : undefined;
      expect((await ctx.app.inject({ method, url, headers: creator.headers, payload })).statusCode).toBe(403);
      expect((await ctx.app.inject({ method, url, payload })).statusCode).toBe(401);
    }
    const collaborator = await createMember(ctx.deps, active.org.id, 'collaborator');
    const sent = await sendInvoice(ctx.app, collaborator.headers, { email: uniqueEmail('brand'), name: 'Brand' });
    expect(sent.status).toBe('requires_info');
  });

  it('sends an invoice to a new customer and CC with a pay link and the attached PDF', async () => {
    const owner = await activatedOwner();
    const upload = multipartFile({
      filename: 'invoice.pdf',
      type: 'application/pdf',
      content: '%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF',
    });
    const attached = await ctx.app.inject({
      method: 'POST',
      url: '/v1/invoices/attachment',
      headers: { ...owner.headers, ...upload.headers },
      payload: upload.payload,
    });
    expect(attached.statusCode, attached.body).toBe(200);
    const fake = multipartFile({ filename: 'invoice.pdf', type: 'application/pdf', content: 'not a pdf' });
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/v1/invoices/attachment',
      headers: { ...owner.headers, ...fake.headers },
      payload: fake.payload,
    });
    expect(refused.json()).toMatchObject({ message: invoiceMessages.attachment });

    const email = uniqueEmail('brand');
    const cc = uniqueEmail('cc');
    const invoice = await sendInvoice(ctx.app, owner.headers, {
      email,
      name: 'New Brand',
      cc_emails: cc,
      attachment: attached.json().id,
      net: 0,
    });
    expect(invoice).toMatchObject({ status: 'requires_info', customer_email: email, net: 0 });
    const customers = (await get('/v1/customers', owner.headers)).json();
    expect(JSON.stringify(customers)).toContain(email);
    const outbox = await readOutbox(ctx.app);
    for (const to of [email, cc]) {
      const message = outbox.filter((item) => item.to === to).at(-1)!;
      expect(message.subject).toContain('Invoice INV-0001 from Acme Creators');
      expect(message.links.some((link) => link.includes('/v1/invoices/pay/attachment?id='))).toBe(true);
      // The PDF itself travels with the email, not only as a link.
      const [file] = message.attachments;
      expect(file?.filename).toMatch(/\.pdf$/);
      const attachedPdf = await ctx.app.inject({ method: 'GET', url: file!.url, headers: operatorHeaders });
      expect(attachedPdf.headers['content-type']).toBe('application/pdf');
      expect(attachedPdf.body.startsWith('%PDF')).toBe(true);
    }
    const linkId = await payLinkId(ctx.app, email);
    const pdf = await get(`/v1/invoices/pay/attachment?id=${encodeURIComponent(linkId)}`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.body.startsWith('%PDF')).toBe(true);

    const info = (await get(`/v1/expiring_link?id=${encodeURIComponent(linkId)}`)).json();
    expect(info).toMatchObject({
      type: 'invoice_payment',
      amount: 10_000,
      org_name: 'Acme Creators',
      status: 'requires_info',
      recipient: { name: 'New Brand', email },
    });
    expect(info.org_address).toMatchObject({ city: 'San Francisco', state: 'CA' });
    // Nothing private: no customer id, organisation id, CC list or charges.
    expect(Object.keys(info).sort()).toEqual(
      [
        'amount',
        'created_at',
        'currency',
        'description',
        'disallowed_methods',
        'has_attachment',
        'id',
        'net',
        'number',
        'org_address',
        'org_name',
        'payment',
        'processor',
        'recipient',
        'status',
        'stripe_account',
        'title',
        'type',
      ].sort(),
    );
    expect(JSON.stringify(info)).not.toContain(cc);
  });
});

describe('paying by card', () => {
  it('credits the wallet amount - fee exactly once, and a second payment charges nothing', async () => {
    const owner = await activatedOwner();
    const customer = await addCustomer(ctx.app, owner.headers);
    const before = await balance(owner.headers);
    const invoice = await sendInvoice(ctx.app, owner.headers, { customer_id: customer.id, amount: 10_000 });
    const linkId = await payLinkId(ctx.app, customer.email);
    const paid = await payByCard(ctx.app, linkId, await cardToken(ctx.app, '4242 4242 4242 4242'));
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toEqual({
      status: 'succeeded',
      charge_type: 'card',
      amount: 10_000,
      next_action: null,
      client_secret: null,
      verification_url: null,
      failure_reason: null,
    });
    // Card fee: $0.30 + 2.9% = $3.20.
    expect(await balance(owner.headers)).toBe(before + 10_000 - 320);
    expect((await get(`/v1/invoices/${invoice.id}`, owner.headers)).json()).toMatchObject({ status: 'succeeded' });
    const grouped = (await get('/v1/charges', owner.headers)).json();
    expect(grouped[invoice.id]).toEqual([
      expect.objectContaining({ charge_type: 'card', amount: 10_000, fee: 320, status: 'succeeded', method_label: 'Visa •••• 4242' }),
    ]);
    const again = await payByCard(ctx.app, linkId, await cardToken(ctx.app, '4242424242424242'));
    expect(again.json()).toMatchObject({ message: invoiceMessages.alreadyPaid });
    expect(await balance(owner.headers)).toBe(before + 10_000 - 320);
    const transfers = await ctx.deps.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.org_id, owner.org.id));
    expect(transfers.filter((transfer) => transfer.type === 'invoice_card_settled')).toHaveLength(1);
    expect((await reconcileLedger(ctx.deps)).problems).toEqual([]);
    // The receipt is written with the settlement: only a payment that went through has one.
    const receipts = (await readOutbox(ctx.app)).filter((item) => item.to === customer.email && item.subject.startsWith('Receipt'));
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.text).toContain('Your payment of $100.00 to Acme Creators has been received.');
  });

  it('leaves a declined card invoice open with a failed charge; insufficient funds too; then a good card pays', async () => {
    const owner = await activatedOwner();
    const customer = await addCustomer(ctx.app, owner.headers);
    const invoice = await sendInvoice(ctx.app, owner.headers, { customer_id: customer.id });
    const linkId = await payLinkId(ctx.app, customer.email);
    for (const [number, reason] of [
      ['4000000000000002', 'card_declined'],
      ['4000000000009995', 'insufficient_funds'],
    ]) {
      const declined = await payByCard(ctx.app, linkId, await cardToken(ctx.app, number!));
      expect(declined.json()).toMatchObject({ status: 'failed', failure_reason: reason, next_action: null });
      // Reopening the link shows the decline and its reason, so the page offers the form again.
      expect((await get(`/v1/expiring_link?id=${encodeURIComponent(linkId)}`)).json().payment).toMatchObject({
        status: 'failed',
        failure_reason: reason,
      });
      expect((await get(`/v1/invoices/${invoice.id}`, owner.headers)).json().status).toBe('requires_info');
      const grouped = (await get(`/v1/charges?invoice_id=${invoice.id}`, owner.headers)).json();
      expect(grouped[invoice.id][0]).toMatchObject({ status: 'failed', failure_reason: reason });
    }
    expect(await balance(owner.headers)).toBe(0);
    // No receipt for a decline; the organisation is told of each.
    const receipts = () =>
      readOutbox(ctx.app).then((items) => items.filter((item) => item.to === customer.email && item.subject.startsWith('Receipt')));
    expect(await receipts()).toEqual([]);
    const bell = (await get('/v1/notifications', owner.headers)).json() as { text: string; link: string }[];
    expect(bell.filter((note) => note.text === "An invoice's payment of $100.00 failed: the invoice is still open")).toHaveLength(2);
    expect(bell[0]!.link).toBe(`/invoices/${invoice.id}`);
    expect((await payByCard(ctx.app, linkId, await cardToken(ctx.app, '4242424242424242'))).json().status).toBe('succeeded');
    expect(await balance(owner.headers)).toBe(10_000 - 320);
    expect(await receipts()).toHaveLength(1);
  });

  it('charges once under 20 concurrent pay attempts on one link', async () => {
    const owner = await activatedOwner();
    const customer = await addCustomer(ctx.app, owner.headers);
    const invoice = await sendInvoice(ctx.app, owner.headers, { customer_id: customer.id, amount: 25_000 });
    const linkId = await payLinkId(ctx.app, customer.email);
    const tokens = await Promise.all(Array.from({ length: 20 }, () => cardToken(ctx.app, '4242424242424242')));
    const answers = await Promise.all(tokens.map((token) => payByCard(ctx.app, linkId, token)));
    for (const answer of answers) expect([200, 409]).toContain(answer.statusCode);
    const rows = await ctx.deps.db.select().from(charges).where(eq(charges.invoice_id, invoice.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'succeeded', amount: 25_000 });
    // 30 + 2.9% of 25,000 = 755.
    expect(await balance(owner.headers)).toBe(25_000 - 755);
    expect((await reconcileLedger(ctx.deps)).problems).toEqual([]);
  });

  it('refuses to pay a canceled invoice, and a bad link answers the generic message', async () => {
    const owner = await activatedOwner();
    const customer = await addCustomer(ctx.app, owner.headers);
    const invoice = await sendInvoice(ctx.app, owner.headers, { customer_id: customer.id });
    const linkId = await payLinkId(ctx.app, customer.email);
    expect((await post(`/v1/invoices/${invoice.id}/cancel`, owner.headers)).statusCode).toBe(200);
    expect((await get(`/v1/expiring_link?id=${encodeURIComponent(linkId)}`)).json().status).toBe('canceled');
    const paid = await payByCard(ctx.app, linkId, await cardToken(ctx.app, '4242424242424242'));
    expect(paid.statusCode).toBe(410);
    expect(paid.json().message).toBe(invoiceMessages.canceled);
    expect((await post(`/v1/invoices/${invoice.id}/cancel`, owner.headers)).json().message).toBe(invoiceMessages.cancelFailed);
    expect((await get('/v1/expiring_link?id=nonsense')).json().message).toBe('Sorry! This link is no longer valid.');
    expect(await balance(owner.headers)).toBe(0);
  });
});
