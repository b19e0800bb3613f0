import { beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { createTestContext, operatorHeaders, type TestContext } from '../../../test/context.ts';
import { createOwner, multipartFile, readOutbox, uniqueEmail } from '../../../test/fixtures.ts';
import { activate } from '../../../test/wallet-fixtures.ts';
import { cardToken, payByCard, payLinkId, sendInvoice } from '../../../test/invoice-fixtures.ts';
import { readPdf } from '../../../test/tax-fixtures.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

type Headers = Record<string, string>;
const get = (url: string, headers: Headers = {}) => ctx.app.inject({ method: 'GET', url, headers });
const people = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** The newest email to `to` whose subject starts so, and its one PDF attachment read with pdftotext. */
async function emailedPdf(to: string, subject: string, name: string) {
  const message = (await readOutbox(ctx.app)).filter((item) => item.to === to && item.subject.startsWith(subject)).at(-1);
  expect(message, `no "${subject}" email to ${to}`).toBeDefined();
  const file = message!.attachments.find((attachment) => attachment.filename === name);
  expect(file, `${name} attached to "${message!.subject}"`).toBeDefined();
  const pdf = await ctx.app.inject({ method: 'GET', url: file!.url, headers: operatorHeaders });
  expect(pdf.headers['content-type']).toBe('application/pdf');
  return readPdf(pdf.rawPayload, name.replace('.pdf', '')).text;
}

describe('the invoice document', () => {
  it('is a PDF with the logo, line items and dates as people write them, for staff, the pay page and both emails', async () => {
    const owner = await createOwner(ctx.app, { orgName: 'Northwind Studios' });
    await activate(ctx.app, owner.headers);
    const logo = multipartFile({
      filename: 'logo.png',
      type: 'image/png',
      content: await sharp({ create: { width: 120, height: 40, channels: 3, background: '#3b2fd6' } })
        .png()
        .toBuffer(),
    });
    const uploaded = await ctx.app.inject({
      method: 'PUT',
      url: '/v1/org/logo',
      headers: { ...owner.headers, ...logo.headers },
      payload: logo.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const email = uniqueEmail('brand');
    const invoice = await sendInvoice(ctx.app, owner.headers, {
      email,
      name: 'Acme Brand',
      title: 'Spring posts',
      description: 'Three posts and two stories',
      amount: 125_000,
      net: 30,
    });
    const { created_at: createdAt } = (await get(`/v1/invoices/${invoice.id}`, owner.headers)).json<{ created_at: string }>();
    const issued = people.format(new Date(createdAt));
    const due = people.format(new Date(new Date(createdAt).getTime() + 30 * 86_400_000));

    // The invoice email carries the invoice itself, read as text.
    const emailed = await emailedPdf(email, 'Invoice INV-0001', 'Invoice-INV-0001.pdf');
    for (const part of ['Invoice INV-0001', `Issued ${issued}`, `Due ${due} (Net 30)`, 'Description', 'Amount', 'Spring posts'])
      expect(emailed).toContain(part);
    expect(emailed).toMatch(/Three posts and two stories/);
    expect(emailed).toMatch(/Total due\s+\$1,250\.00/);
    expect(emailed).not.toMatch(/\d{4}-\d{2}-\d{2}/);

    // Staff download it from the invoice page; the payer from the pay page.
    const staff = await get(`/v1/invoices/${invoice.id}/pdf`, owner.headers);
    expect(staff.statusCode, staff.body).toBe(200);
    expect(staff.headers['content-disposition']).toBe('attachment; filename="Invoice-INV-0001.pdf"');
    // The logo is drawn on the page: an image object in the file.
    expect(staff.rawPayload.toString('latin1')).toContain('/Subtype /Image');
    const linkId = await payLinkId(ctx.app, email);
    const onPayPage = await get(`/v1/invoices/pay/pdf?id=${encodeURIComponent(linkId)}`);
    expect(onPayPage.statusCode, onPayPage.body).toBe(200);
    expect(readPdf(onPayPage.rawPayload, 'pay-page').text).toContain('Spring posts');

    // Paid: the document says Paid, and the receipt email carries the receipt.
    const paid = await payByCard(ctx.app, linkId, await cardToken(ctx.app, '4242424242424242'));
    expect(paid.statusCode, paid.body).toBe(200);
    const after = readPdf((await get(`/v1/invoices/${invoice.id}/pdf`, owner.headers)).rawPayload, 'paid').text;
    expect(after).toMatch(/Paid\s+\$1,250\.00/);
    expect(after).not.toContain('Total due');
    const receipt = await emailedPdf(email, 'Receipt', 'Receipt-INV-0001.pdf');
    expect(receipt).toMatch(/Amount paid\s+\$1,250\.00/);
    expect(receipt).toContain('Payment method: Visa');
  });

  it("refuses another organisation's invoice, a bad id and no session", async () => {
    const owner = await createOwner(ctx.app);
    await activate(ctx.app, owner.headers);
    const invoice = await sendInvoice(ctx.app, owner.headers, { email: uniqueEmail('brand'), name: 'Brand' });
    const other = await createOwner(ctx.app);
    expect((await get(`/v1/invoices/${invoice.id}/pdf`, other.headers)).statusCode).toBe(404);
    expect((await get('/v1/invoices/not-an-id/pdf', owner.headers)).statusCode).toBe(404);
    expect((await get(`/v1/invoices/${invoice.id}/pdf`)).statusCode).toBe(401);
    expect((await get('/v1/invoices/pay/pdf?id=nothing')).statusCode).toBeGreaterThanOrEqual(400);
    expect((await get('/v1/invoices/pay/pdf?id=nothing')).statusCode).toBeLessThan(500);
  });
});
