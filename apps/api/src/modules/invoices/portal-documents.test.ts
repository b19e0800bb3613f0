import { beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { createOwner, uniqueEmail } from '../../../test/fixtures.ts';
import { activate } from '../../../test/wallet-fixtures.ts';
import { cardToken, customerLogin, payByCard, payLinkId, sendInvoice } from '../../../test/invoice-fixtures.ts';
import { readPdf } from '../../../test/tax-fixtures.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

type Headers = Record<string, string>;
const get = (url: string, headers: Headers) => ctx.app.inject({ method: 'GET', url, headers });

describe("the customer portal's invoice PDFs and receipts", () => {
  it('gives a customer the PDF of their own invoice and the receipt once it is paid, and nobody else', async () => {
    const owner = await createOwner(ctx.app, { orgName: 'Northwind Studios' });
    await activate(ctx.app, owner.headers);
    const email = uniqueEmail('brand');
    const invoice = await sendInvoice(ctx.app, owner.headers, {
      email,
      name: 'Acme Brand',
      title: 'Spring posts',
      description: 'Three posts and two stories',
      amount: 125_000,
    });
    const headers = await customerLogin(ctx.deps, owner.org.id, email);

    const pdf = await get(`/v1/portal/invoices/${invoice.id}/pdf`, headers);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe('attachment; filename="Invoice-INV-0001.pdf"');
    const { text } = readPdf(pdf.rawPayload, 'invoice');
    for (const part of [
      'Invoice INV-0001',
      'Northwind Studios',
      'Acme Brand',
      email,
      'Spring posts',
      'Three posts and two stories',
      '$1,250.00',
      'Status: Open',
    ])
      expect(text).toContain(part);
    // No receipt before the payment.
    expect((await get(`/v1/portal/invoices/${invoice.id}/receipt`, headers)).statusCode).toBe(404);

    const paid = await payByCard(ctx.app, await payLinkId(ctx.app, email), await cardToken(ctx.app, '4242424242424242'));
    expect(paid.statusCode, paid.body).toBe(200);
    const receipt = await get(`/v1/portal/invoices/${invoice.id}/receipt`, headers);
    expect(receipt.statusCode, receipt.body).toBe(200);
    expect(receipt.headers['content-disposition']).toBe('attachment; filename="Receipt-INV-0001.pdf"');
    const receiptText = readPdf(receipt.rawPayload, 'receipt').text;
    for (const part of ['Receipt', 'For invoice INV-0001: Spring posts', 'Amount paid', 'Payment method: Visa', 'Northwind Studios'])
      expect(receiptText).toContain(part);
    expect(receiptText).not.toContain('4242424242424242');

    // Another customer of the same organisation, staff, and no session.
    const otherEmail = uniqueEmail('other');
    await sendInvoice(ctx.app, owner.headers, { email: otherEmail, name: 'Other Brand' });
    const other = await customerLogin(ctx.deps, owner.org.id, otherEmail);
    for (const path of ['pdf', 'receipt']) {
      expect((await get(`/v1/portal/invoices/${invoice.id}/${path}`, other)).statusCode).toBe(404);
      expect((await get(`/v1/portal/invoices/${invoice.id}/${path}`, owner.headers)).statusCode).toBe(403);
      expect((await get(`/v1/portal/invoices/${invoice.id}/${path}`, {})).statusCode).toBe(401);
      expect((await get(`/v1/portal/invoices/not-an-id/${path}`, headers)).statusCode).toBe(404);
    }
  });
});
