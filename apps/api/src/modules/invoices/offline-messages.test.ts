import { beforeAll, describe, expect, it } from 'vitest';
import { invoiceMessages, offlinePaymentNote } from '@crewpay/core';
import { createTestContext, operatorHeaders, type TestContext } from '../../../test/context.ts';
import { createOwner, multipartFile, readOutbox } from '../../../test/fixtures.ts';
import { activate } from '../../../test/wallet-fixtures.ts';
import { addCustomer } from '../../../test/campaign-fixtures.ts';
import { cardToken, payByCard, payLinkId, sendInvoice } from '../../../test/invoice-fixtures.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

type Headers = Record<string, string>;
const get = (url: string, headers: Headers = {}) => ctx.app.inject({ method: 'GET', url, headers });
const post = (url: string, headers: Headers, payload?: object) => ctx.app.inject({ method: 'POST', url, headers, payload });

async function attachPdf(headers: Headers): Promise<string> {
  const upload = multipartFile({
    filename: 'invoice.pdf',
    type: 'application/pdf',
    content: '%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF',
  });
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/v1/invoices/attachment',
    headers: { ...headers, ...upload.headers },
    payload: upload.payload,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ id: string }>().id;
}

const withoutUrls = (text: string) => text.replace(/https?:\/\/\S+/g, '');
const lastEmailTo = async (to: string) => (await readOutbox(ctx.app)).filter((item) => item.to === to).at(-1)!;

describe('the email and text of an offline invoice', () => {
  it('link to view it and its PDF, say payment is arranged with the organisation, and never say pay', async () => {
    const owner = await createOwner(ctx.app);
    await activate(ctx.app, owner.headers);
    const org = owner.org.name;
    const customer = await addCustomer(ctx.app, owner.headers, { phone_number: '+1 415 555 0100' });
    const attachment = await attachPdf(owner.headers);
    const invoice = await sendInvoice(ctx.app, owner.headers, { customer_id: customer.id, processor: 'offline', attachment });

    const email = await lastEmailTo(customer.email);
    expect(email.text).toContain(offlinePaymentNote(org));
    expect(email.text).toMatch(/View the invoice: \S+\/invoices\/pay\?id=/);
    expect(email.text).toMatch(/Download the attached PDF: \S+\/v1\/invoices\/pay\/attachment\?id=/);
    expect(withoutUrls(email.text)).not.toMatch(/\bpay\b/i);

    // The link shows the invoice as offline, with its PDF, and still takes no payment.
    const linkId = await payLinkId(ctx.app, customer.email);
    const info = (await get(`/v1/expiring_link?id=${encodeURIComponent(linkId)}`)).json();
    expect(info).toMatchObject({ processor: 'offline', has_attachment: true, status: 'requires_info' });
    const paid = await payByCard(ctx.app, linkId, await cardToken(ctx.app, '4242424242424242'));
    expect(paid.json()).toMatchObject({ message: invoiceMessages.offlineNotPayable });

    expect((await post('/v1/invoices/reminders', owner.headers, { ids: [invoice.id], channel: 'email' })).json().count).toBe(1);
    const reminder = await lastEmailTo(customer.email);
    expect(reminder.subject).toContain('Reminder');
    expect(reminder.text).toContain(offlinePaymentNote(org));
    expect(reminder.text).toContain('View the invoice: ');
    expect(reminder.text).not.toContain('View and pay');

    expect((await post('/v1/invoices/reminders', owner.headers, { ids: [invoice.id], channel: 'sms' })).json().count).toBe(1);
    const texts = (await get('/dev/sms', { ...operatorHeaders, accept: 'application/json' })).json<{ to: string; body: string }[]>();
    const text = texts.find((sms) => sms.to === '+14155550100' && sms.body.startsWith(`${org}:`))!;
    expect(text.body).toContain(offlinePaymentNote(org));
    expect(text.body).toMatch(/View: \S+\/invoices\/pay\?id=/);
    expect(text.body).not.toContain('Pay:');
  });

  it('a card invoice still links to pay it', async () => {
    const owner = await createOwner(ctx.app);
    await activate(ctx.app, owner.headers);
    const customer = await addCustomer(ctx.app, owner.headers);
    await sendInvoice(ctx.app, owner.headers, { customer_id: customer.id });
    const email = await lastEmailTo(customer.email);
    expect(email.text).toContain('View and pay the invoice: ');
    expect(email.text).not.toContain(offlinePaymentNote(owner.org.name));
    const linkId = await payLinkId(ctx.app, customer.email);
    expect((await get(`/v1/expiring_link?id=${encodeURIComponent(linkId)}`)).json()).toMatchObject({
      processor: 'stripe',
      has_attachment: false,
    });
  });
});
