import { beforeAll, describe, expect, it } from 'vitest';
import { invoiceMessages } from '@crewpay/core';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { addCreator, createOwner } from '../../../test/fixtures.ts';
import { activate } from '../../../test/wallet-fixtures.ts';
import { addCampaign } from '../../../test/campaign-fixtures.ts';
import { createDrafts, paymentRow } from '../../../test/payment-fixtures.ts';
import { sendInvoice } from '../../../test/invoice-fixtures.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

type Headers = Record<string, string>;
const get = (url: string, headers: Headers) => ctx.app.inject({ method: 'GET', url, headers });
const post = (url: string, headers: Headers, payload?: object) => ctx.app.inject({ method: 'POST', url, headers, payload });
const put = (url: string, headers: Headers, payload: object) => ctx.app.inject({ method: 'PUT', url, headers, payload });

/** An owner with a campaign and two of its draft payments. */
async function campaignWithPayments() {
  const owner = await createOwner(ctx.app);
  await activate(ctx.app, owner.headers);
  const campaign = await addCampaign(ctx.app, owner.headers);
  const creator = await addCreator(ctx.app, owner.headers);
  const drafts = await createDrafts(ctx.app, owner.headers, [
    paymentRow(creator.id, 6_000, { payment_group_id: campaign.id }),
    paymentRow(creator.id, 4_000, { payment_group_id: campaign.id }),
  ]);
  return { owner, campaign, paymentIds: drafts.map((draft) => draft.id) };
}

const fundingOf = async (headers: Headers, paymentId: string) =>
  (await get(`/v1/invoices?tab=all&funded_payment_id=${paymentId}`, headers)).json().invoices.map((row: { id: string }) => row.id);

describe('funded payments', () => {
  it('links both ways: the invoice lists its payments and each payment finds its invoice', async () => {
    const { owner, campaign, paymentIds } = await campaignWithPayments();
    const invoice = await sendInvoice(ctx.app, owner.headers, {
      customer_id: campaign.customer_id,
      payment_group_id: campaign.id,
      amount: 10_000,
      funded_payments: paymentIds,
    });
    expect((await get(`/v1/invoices/${invoice.id}`, owner.headers)).json().funded_payments.sort()).toEqual([...paymentIds].sort());
    expect(await fundingOf(owner.headers, paymentIds[0]!)).toEqual([invoice.id]);

    // Another organisation asking about the payment learns nothing.
    const other = await createOwner(ctx.app);
    expect(await fundingOf(other.headers, paymentIds[0]!)).toEqual([]);
    const bad = await get('/v1/invoices?funded_payment_id=nope', owner.headers);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Must be a valid id');

    // A second invoice cannot fund a payment already funded.
    const again = await post('/v1/invoices', owner.headers, {
      customer_id: campaign.customer_id,
      payment_group_id: campaign.id,
      title: 'T',
      description: 'D',
      amount: 6_000,
      funded_payments: [paymentIds[0]],
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('A payment is already funded by another invoice');
  });

  it('a canceled invoice funds nothing, so a replacing invoice may fund the same payments', async () => {
    const { owner, campaign, paymentIds } = await campaignWithPayments();
    const first = await sendInvoice(ctx.app, owner.headers, {
      customer_id: campaign.customer_id,
      payment_group_id: campaign.id,
      funded_payments: paymentIds,
    });
    expect((await post(`/v1/invoices/${first.id}/cancel`, owner.headers)).statusCode).toBe(200);
    expect((await get(`/v1/invoices/${first.id}`, owner.headers)).json().funded_payments).toEqual([]);
    const replacement = await sendInvoice(ctx.app, owner.headers, {
      customer_id: campaign.customer_id,
      payment_group_id: campaign.id,
      funded_payments: paymentIds,
    });
    expect(await fundingOf(owner.headers, paymentIds[1]!)).toEqual([replacement.id]);
  });

  it('moving the invoice to another campaign (or none) unlinks the old campaign payments', async () => {
    const { owner, campaign, paymentIds } = await campaignWithPayments();
    const invoice = await sendInvoice(ctx.app, owner.headers, {
      customer_id: campaign.customer_id,
      payment_group_id: campaign.id,
      funded_payments: paymentIds,
    });
    // Saving the same campaign keeps them.
    expect(
      (await put(`/v1/invoices/${invoice.id}`, owner.headers, { payment_group_id: campaign.id, title: 'Renamed' })).json(),
    ).toMatchObject({ title: 'Renamed', funded_payments: expect.arrayContaining(paymentIds) });
    const other = await addCampaign(ctx.app, owner.headers, { customer_id: campaign.customer_id, title: 'Autumn' });
    const moved = await put(`/v1/invoices/${invoice.id}`, owner.headers, { payment_group_id: other.id });
    expect(moved.json()).toMatchObject({ payment_group_id: other.id, funded_payments: [] });
    expect(await fundingOf(owner.headers, paymentIds[0]!)).toEqual([]);
    const wrong = await post('/v1/invoices', owner.headers, {
      customer_id: campaign.customer_id,
      payment_group_id: other.id,
      title: 'T',
      description: 'D',
      amount: 6_000,
      funded_payments: [paymentIds[0]],
    });
    expect(wrong.json().message).toBe(invoiceMessages.fundedPayment);
  });
});
