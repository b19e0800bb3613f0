import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CreatorRecord, CustomerRecord, JournalEntryRecord } from '@crewpay/core';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { addCreator, createOwner } from '../../../test/fixtures.ts';
import { BANK, createDrafts, fundedOwner, injector, paymentRow } from '../../../test/payment-fixtures.ts';
import { advanceClock, createCollaborator } from '../../../test/wallet-fixtures.ts';
import { connectQuickbooks, FULL_MAPPING } from '../../../test/accounting-fixtures.ts';
import { addCampaign, addCustomer } from '../../../test/campaign-fixtures.ts';
import { cardToken, payByCard, payLinkId, sendInvoice } from '../../../test/invoice-fixtures.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ SANDBOX_ACH_DELAY_SECONDS: '60' });
});

type Headers = Record<string, string>;
const inject = (...args: Parameters<ReturnType<typeof injector>>) => injector(ctx.app)(...args);

async function connectedOwner() {
  const owner = await fundedOwner(ctx.app, 100_000);
  await connectQuickbooks(ctx.app, owner.token);
  expect((await inject('POST', '/api/qb/acctMap', owner.headers, FULL_MAPPING)).statusCode).toBe(200);
  return owner;
}

async function journalEntries(headers: Headers, query = ''): Promise<JournalEntryRecord[]> {
  const response = await inject('GET', `/api/qb/journalEntries${query}`, headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: JournalEntryRecord[] } | JournalEntryRecord[]>() instanceof Array
    ? response.json<JournalEntryRecord[]>()
    : response.json<{ data: JournalEntryRecord[] }>().data;
}

async function bookedLines(orgId: string, requestId: string) {
  const result = await ctx.deps.db.execute<{
    lines: { PostingType: string; AccountRef: { value: string }; Entity?: { Type: string; EntityRef: { value: string } } }[];
  }>(
    sql`SELECT e.lines FROM qb_sandbox_journal_entries e JOIN qb_sandbox_companies c ON c.realm_id = e.realm_id WHERE c.org_id = ${orgId} AND e.request_id = ${requestId}`,
  );
  return result.rows[0]!.lines;
}

describe("the customer's Quickbooks card (qb_customer)", () => {
  it('links a QuickBooks customer, with the name QuickBooks has, and unlinks it', async () => {
    const owner = await connectedOwner();
    const customer = await addCustomer(ctx.app, owner.headers);
    const linked = await inject('PUT', `/v1/customers/${customer.id}`, owner.headers, {
      qb_customer: { Id: '3', DisplayName: 'Forged name' },
    });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json<CustomerRecord>().qb_customer).toEqual({ Id: '3', DisplayName: 'Cool Cars' });
    expect((await inject('GET', `/v1/customers/${customer.id}`, owner.headers)).json<CustomerRecord>().qb_customer).toEqual({
      Id: '3',
      DisplayName: 'Cool Cars',
    });
    const cleared = await inject('PUT', `/v1/customers/${customer.id}`, owner.headers, { qb_customer: null });
    expect(cleared.json<CustomerRecord>().qb_customer).toBeNull();
  });

  it('answers each validation message and permission rule', async () => {
    const owner = await connectedOwner();
    const customer = await addCustomer(ctx.app, owner.headers);
    const unknown = await inject('PUT', `/v1/customers/${customer.id}`, owner.headers, { qb_customer: { Id: '999', DisplayName: 'Nope' } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ message: 'Choose a customer from the list', field: 'qb_customer' });
    const wrongType = await inject('PUT', `/v1/customers/${customer.id}`, owner.headers, { qb_customer: 'Cool Cars' });
    expect(wrongType.statusCode).toBe(400);
    const nul = await inject('PUT', `/v1/customers/${customer.id}`, owner.headers, { qb_customer: { Id: '3\u0000', DisplayName: 'x' } });
    expect(nul.statusCode).toBe(400);
    // A collaborator is staff and may link; a signed-out caller may not.
    const collaborator = await createCollaborator(ctx.deps, owner.org.id);
    expect(
      (await inject('PUT', `/v1/customers/${customer.id}`, collaborator.headers, { qb_customer: { Id: '1', DisplayName: 'x' } }))
        .statusCode,
    ).toBe(200);
    expect((await ctx.app.inject({ method: 'PUT', url: `/v1/customers/${customer.id}`, payload: { qb_customer: null } })).statusCode).toBe(
      401,
    );

    const disconnected = await createOwner(ctx.app);
    const own = await addCustomer(ctx.app, disconnected.headers);
    const refused = await inject('PUT', `/v1/customers/${own.id}`, disconnected.headers, {
      qb_customer: { Id: '3', DisplayName: 'Cool Cars' },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Connect QuickBooks first');
    // Another organisation's customer: not found, and unchanged.
    const other = await inject('PUT', `/v1/customers/${own.id}`, owner.headers, { qb_customer: { Id: '3', DisplayName: 'Cool Cars' } });
    expect(other.statusCode).toBe(404);
    expect((await inject('GET', `/v1/customers/${own.id}`, disconnected.headers)).json<CustomerRecord>().qb_customer).toBeNull();
  });

  it("names the customer on the invoice-paid entry's sales line, and fails it when QuickBooks no longer has that customer", async () => {
    const owner = await connectedOwner();
    const customer = await addCustomer(ctx.app, owner.headers);
    await inject('PUT', `/v1/customers/${customer.id}`, owner.headers, { qb_customer: { Id: '58', DisplayName: 'Kookies by Kathy' } });
    const campaign = await addCampaign(ctx.app, owner.headers, { customer_id: customer.id });
    await sendInvoice(ctx.app, owner.headers, { customer_id: customer.id, amount: 10_000, payment_group_id: campaign.id });
    expect(
      (await payByCard(ctx.app, await payLinkId(ctx.app, customer.email), await cardToken(ctx.app, '4242 4242 4242 4242'))).statusCode,
    ).toBe(200);
    const [entry] = await journalEntries(owner.headers, `?campaign_id=${campaign.id}`);
    expect(entry).toMatchObject({ transfer_type: 'invoice_card_settled', Status: 'succeeded' });
    const lines = await bookedLines(owner.org.id, entry!.id);
    expect(lines.find((line) => line.AccountRef.value === '79')!.Entity).toEqual({
      Type: 'Customer',
      EntityRef: { value: '58', name: 'Kookies by Kathy' },
    });
    expect(lines.filter((line) => line.Entity)).toHaveLength(1);

    // The customer deleted in QuickBooks after it was linked: QuickBooks refuses, the entry says why.
    await ctx.deps.db.execute(sql`UPDATE qb_sandbox_companies SET customers = '[]'::jsonb WHERE org_id = ${owner.org.id}`);
    await sendInvoice(ctx.app, owner.headers, { customer_id: customer.id, amount: 5_000, payment_group_id: campaign.id });
    expect(
      (await payByCard(ctx.app, await payLinkId(ctx.app, customer.email), await cardToken(ctx.app, '4242 4242 4242 4242'))).statusCode,
    ).toBe(200);
    const failed = (await journalEntries(owner.headers, `?campaign_id=${campaign.id}`)).find((row) => row.Status === 'failed');
    expect(failed).toMatchObject({ amount: 5_000, error_text: 'Invalid Reference Id: customer 58 does not exist' });
  });
});

describe("the creator's accounting vendor link (qb_vendor)", () => {
  it('links a QuickBooks vendor, names it on the payout entry, and answers each rule', async () => {
    const owner = await connectedOwner();
    const creator = await addCreator(ctx.app, owner.headers, BANK);
    expect((await inject('GET', `/v1/creators/${creator.id}`, owner.headers)).json<CreatorRecord>().qb_vendor).toBeNull();
    const linked = await inject('PUT', `/v1/creators/${creator.id}`, owner.headers, {
      id: creator.id,
      qb_vendor: { Id: '41', DisplayName: 'Forged' },
    });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json<CreatorRecord>().qb_vendor).toEqual({ Id: '41', DisplayName: 'Hicks Hardware' });

    const unknown = await inject('PUT', `/v1/creators/${creator.id}`, owner.headers, {
      id: creator.id,
      qb_vendor: { Id: '1', DisplayName: 'x' },
    });
    expect(unknown.json()).toMatchObject({ message: 'Choose a vendor from the list', field: 'qb_vendor' });
    expect((await inject('PUT', `/v1/creators/${creator.id}`, owner.headers, { id: creator.id, qb_vendor: 41 })).statusCode).toBe(400);

    const [draft] = await createDrafts(ctx.app, owner.headers, [paymentRow(creator.id, 7_500)]);
    expect((await inject('PUT', '/v1/payments/initiate', owner.headers, { ids: [draft!.id] })).statusCode).toBe(200);
    await advanceClock(ctx.app, 61);
    const payout = (await journalEntries(owner.headers)).find((entry) => entry.transfer_type === 'payment_succeeded')!;
    expect(payout.Status).toBe('succeeded');
    const lines = await bookedLines(owner.org.id, payout.id);
    expect(lines.find((line) => line.AccountRef.value === '91')!.Entity).toEqual({
      Type: 'Vendor',
      EntityRef: { value: '41', name: 'Hicks Hardware' },
    });

    const cleared = await inject('PUT', `/v1/creators/${creator.id}`, owner.headers, { id: creator.id, qb_vendor: null });
    expect(cleared.json<CreatorRecord>().qb_vendor).toBeNull();

    const other = await connectedOwner();
    expect(
      (await inject('PUT', `/v1/creators/${creator.id}`, other.headers, { id: creator.id, qb_vendor: { Id: '41', DisplayName: 'x' } }))
        .statusCode,
    ).toBe(404);
    const disconnected = await createOwner(ctx.app);
    const own = await addCreator(ctx.app, disconnected.headers, BANK);
    const refused = await inject('PUT', `/v1/creators/${own.id}`, disconnected.headers, {
      id: own.id,
      qb_vendor: { Id: '41', DisplayName: 'x' },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Connect QuickBooks first');
  });
});

describe("an invoice whose funded payments' earnings are more than it", () => {
  it('fails its invoice-paid entry with the two figures, and a retry succeeds once the earnings are fixed', async () => {
    const owner = await connectedOwner();
    const customer = await addCustomer(ctx.app, owner.headers);
    const campaign = await addCampaign(ctx.app, owner.headers, { customer_id: customer.id });
    const first = await addCreator(ctx.app, owner.headers, BANK);
    const second = await addCreator(ctx.app, owner.headers, BANK);
    const drafts = await createDrafts(ctx.app, owner.headers, [
      paymentRow(first.id, 6_000, { payment_group_id: campaign.id }),
      paymentRow(second.id, 3_000, { payment_group_id: campaign.id }),
    ]);
    await sendInvoice(ctx.app, owner.headers, {
      customer_id: customer.id,
      amount: 8_000,
      payment_group_id: campaign.id,
      funded_payments: drafts.map((draft) => draft.id),
    });
    expect(
      (await payByCard(ctx.app, await payLinkId(ctx.app, customer.email), await cardToken(ctx.app, '4242 4242 4242 4242'))).statusCode,
    ).toBe(200);
    const [failed] = await journalEntries(owner.headers, `?campaign_id=${campaign.id}`);
    expect(failed).toMatchObject({
      transfer_type: 'invoice_card_settled',
      Status: 'failed',
      ref_id: null,
      error_text: "The funded payments' earnings ($90.00) are more than the invoice amount ($80.00)",
    });
    // Nothing reached QuickBooks.
    const books = await ctx.deps.db.execute(sql`SELECT 1 FROM qb_sandbox_journal_entries WHERE request_id = ${failed!.id}`);
    expect(books.rows).toHaveLength(0);
    // Retrying without fixing the cause fails again with the same reason.
    const again = await inject('POST', `/api/qb/journalEntries/${failed!.id}/retry`, owner.headers);
    expect(again.json()).toMatchObject({ Status: 'failed', error_text: failed!.error_text });

    const fixed = await inject('PUT', '/v1/payments', owner.headers, { id: drafts[1]!.id, earnings: 2_000, split: 100, memo: 'May' });
    expect(fixed.statusCode, fixed.body).toBe(200);
    const retried = await inject('POST', `/api/qb/journalEntries/${failed!.id}/retry`, owner.headers);
    expect(retried.json()).toMatchObject({ Status: 'succeeded', ref_id: expect.any(String), error_text: null });
  });

  it("books an invoice with a margin (above its funded payments' earnings) straight away", async () => {
    const owner = await connectedOwner();
    const customer = await addCustomer(ctx.app, owner.headers);
    const campaign = await addCampaign(ctx.app, owner.headers, { customer_id: customer.id });
    const creator = await addCreator(ctx.app, owner.headers, BANK);
    const drafts = await createDrafts(ctx.app, owner.headers, [paymentRow(creator.id, 9_000, { payment_group_id: campaign.id })]);
    await sendInvoice(ctx.app, owner.headers, {
      customer_id: customer.id,
      amount: 10_000,
      payment_group_id: campaign.id,
      funded_payments: [drafts[0]!.id],
    });
    expect(
      (await payByCard(ctx.app, await payLinkId(ctx.app, customer.email), await cardToken(ctx.app, '4242 4242 4242 4242'))).statusCode,
    ).toBe(200);
    const [entry] = await journalEntries(owner.headers, `?campaign_id=${campaign.id}`);
    expect(entry).toMatchObject({ transfer_type: 'invoice_card_settled', Status: 'succeeded', error_text: null });
  });

  it("books an invoice whose funded payments' earnings add up to its amount straight away", async () => {
    const owner = await connectedOwner();
    const customer = await addCustomer(ctx.app, owner.headers);
    const campaign = await addCampaign(ctx.app, owner.headers, { customer_id: customer.id });
    const creator = await addCreator(ctx.app, owner.headers, BANK);
    const drafts = await createDrafts(ctx.app, owner.headers, [paymentRow(creator.id, 10_000, { payment_group_id: campaign.id })]);
    await sendInvoice(ctx.app, owner.headers, {
      customer_id: customer.id,
      amount: 10_000,
      payment_group_id: campaign.id,
      funded_payments: [drafts[0]!.id],
    });
    expect(
      (await payByCard(ctx.app, await payLinkId(ctx.app, customer.email), await cardToken(ctx.app, '4242 4242 4242 4242'))).statusCode,
    ).toBe(200);
    const [entry] = await journalEntries(owner.headers, `?campaign_id=${campaign.id}`);
    expect(entry).toMatchObject({ Status: 'succeeded', error_text: null });
  });
});
