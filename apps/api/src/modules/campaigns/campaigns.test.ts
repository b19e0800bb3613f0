import { beforeAll, describe, expect, it } from 'vitest';
import { campaignMessages, customerMessages, messages, NUL_MESSAGE } from '@crewpay/core';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { addCampaign, addCustomer, createMember } from '../../../test/campaign-fixtures.ts';
import { addCreator, createOwner, uniqueEmail } from '../../../test/fixtures.ts';
import { BANK, createDrafts, fundedOwner, injector, paymentRow } from '../../../test/payment-fixtures.ts';
import { cardToken, payByCard, payLinkId, sendInvoice } from '../../../test/invoice-fixtures.ts';
import { advanceClock } from '../../../test/wallet-fixtures.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ SANDBOX_ACH_DELAY_SECONDS: '60' });
});

type Headers = Record<string, string>;
const call = (...args: Parameters<ReturnType<typeof injector>>) => injector(ctx.app)(...args);
const addAgent = async (headers: Headers) =>
  (
    await call('POST', '/v1/users', headers, { email: uniqueEmail('agent'), is_agent: true, first_name: 'Avery', last_name: 'Agent' })
  ).json() as { id: string };

describe('POST /v1/campaigns', () => {
  it('creates a preflight campaign with the General fields, the customer and agent names', async () => {
    const owner = await createOwner(ctx.app);
    const customer = await addCustomer(ctx.app, owner.headers, { name: 'Glow Cosmetics' });
    const agent = await addAgent(owner.headers);
    const response = await call('POST', '/v1/campaigns', owner.headers, {
      title: ' Summer drop ',
      customer_id: customer.id,
      description: 'Three posts',
      campaign_ref_id: 'PO-77',
      terms: 'Net 30',
      deal_size: 1_250_000,
      campaign_start_date: '2026-06-01',
      campaign_end_date: '2026-06-01',
      agent_id: agent.id,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      title: 'Summer drop',
      customer_id: customer.id,
      customer_name: 'Glow Cosmetics',
      agent_id: agent.id,
      agent_name: 'Avery Agent',
      deal_size: 1_250_000,
      campaign_ref_id: 'PO-77',
      campaign_start_date: '2026-06-01',
      campaign_end_date: '2026-06-01',
      campaign_status: 'preflight',
      figures: { payments_count: 0, total_payments: 0, gross_revenue: 1_250_000, income_projected: 1_250_000, invoices_total: 0 },
    });
    // Blank optional fields from the form are stored as nothing.
    const blank = await call('POST', '/v1/campaigns', owner.headers, {
      title: 'B',
      customer_id: customer.id,
      deal_size: '',
      agent_id: '',
      campaign_start_date: '',
    });
    expect(blank.json()).toMatchObject({ deal_size: null, agent_id: null, campaign_start_date: null, figures: { gross_revenue: 0 } });
  });

  it("answers the General step's messages: name and customer required, end not before start, a real agent and customer", async () => {
    const owner = await createOwner(ctx.app);
    const customer = await addCustomer(ctx.app, owner.headers);
    const post = (payload: object) => call('POST', '/v1/campaigns', owner.headers, { title: 'T', customer_id: customer.id, ...payload });
    expect((await post({ title: '  ' })).json()).toMatchObject({ field: 'title', message: messages.required });
    expect((await post({ customer_id: undefined })).json()).toMatchObject({ field: 'customer_id', message: messages.required });
    expect((await post({ campaign_start_date: '2026-05-02', campaign_end_date: '2026-05-01' })).json()).toMatchObject({
      field: 'campaign_end_date',
      message: campaignMessages.endBeforeStart,
    });
    expect((await post({ campaign_start_date: '2026-02-30' })).json()).toMatchObject({
      field: 'campaign_start_date',
      message: campaignMessages.date,
    });
    expect((await post({ deal_size: -1 })).json().message).toBe(campaignMessages.dealSize);
    expect((await post({ deal_size: 10.5 })).json().message).toBe(campaignMessages.dealSize);
    expect((await post({ deal_size: 1e20 })).json().message).toBe(campaignMessages.dealSize);
    expect((await post({ deal_size: '100' })).json().message).toBe(campaignMessages.dealSize);
    expect((await post({ title: 'A\u0000' })).json()).toMatchObject({ field: 'title', message: NUL_MESSAGE });
    expect((await post({ terms: 'Net\u000030' })).json()).toMatchObject({ field: 'terms', message: NUL_MESSAGE });
    expect((await call('GET', '/v1/campaigns?search=%00', owner.headers)).statusCode).toBe(400);
    const notCustomer = await post({ customer_id: '0192f0e0-0000-7000-8000-000000000001' });
    expect(notCustomer.statusCode).toBe(404);
    expect(notCustomer.json()).toMatchObject({ field: 'customer_id', message: customerMessages.notFound });
    // A member who is not an agent is not an agent.
    const notAgent = await post({ agent_id: owner.user.id });
    expect(notAgent.statusCode).toBe(404);
    expect(notAgent.json()).toMatchObject({ field: 'agent_id', message: campaignMessages.agentNotFound });
    expect((await call('GET', '/v1/campaigns', owner.headers)).json().total).toBe(0);
  });
});

describe('PUT /v1/campaigns/{id}', () => {
  it('updates the General fields and the status; fields left out are unchanged; dates are checked after merging', async () => {
    const owner = await createOwner(ctx.app);
    const campaign = await addCampaign(ctx.app, owner.headers, { deal_size: 50_000, campaign_start_date: '2026-03-10' });
    const put = (payload: object) => call('PUT', `/v1/campaigns/${campaign.id}`, owner.headers, payload);
    const updated = await put({ id: campaign.id, campaign_status: 'active', terms: 'Net 60' });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({
      campaign_status: 'active',
      terms: 'Net 60',
      deal_size: 50_000,
      title: 'Spring launch',
      campaign_start_date: '2026-03-10',
    });
    const early = await put({ campaign_end_date: '2026-03-09' });
    expect(early.statusCode).toBe(400);
    expect(early.json()).toMatchObject({ field: 'campaign_end_date', message: campaignMessages.endBeforeStart });
    expect((await put({ campaign_status: 'finished' })).statusCode).toBe(400);
    expect((await put({ title: '' })).json()).toMatchObject({ field: 'title', message: messages.required });
    expect((await put({ id: '0192f0e0-0000-7000-8000-000000000001', title: 'X' })).statusCode).toBe(400);
    const other = await addCustomer(ctx.app, owner.headers, { name: 'Second Brand' });
    expect((await put({ customer_id: other.id, deal_size: null })).json()).toMatchObject({
      customer_name: 'Second Brand',
      deal_size: null,
    });
  });
});

describe('GET /v1/campaigns', () => {
  it('hides archived campaigns from the Campaigns tab; the Archived tab shows only them, newest first', async () => {
    const owner = await createOwner(ctx.app);
    const customer = await addCustomer(ctx.app, owner.headers);
    const titles = ['One', 'Two', 'Three', 'Four'];
    const made = [];
    for (const title of titles) made.push(await addCampaign(ctx.app, owner.headers, { title, customer_id: customer.id }));
    for (const index of [0, 2])
      expect((await call('PUT', `/v1/campaigns/${made[index]!.id}`, owner.headers, { campaign_status: 'archived' })).statusCode).toBe(200);
    await call('PUT', `/v1/campaigns/${made[3]!.id}`, owner.headers, { campaign_status: 'completed' });
    const names = async (query: string) =>
      (await call('GET', `/v1/campaigns${query}`, owner.headers)).json().data.map((row: { title: string }) => row.title);
    expect(await names('')).toEqual(['Four', 'Two']);
    expect(await names('?archived=false')).toEqual(['Four', 'Two']);
    expect(await names('?archived=true')).toEqual(['Three', 'One']);
    const paged = (await call('GET', '/v1/campaigns?archived=true&page=1&page_size=1', owner.headers)).json();
    expect(paged).toMatchObject({ total: 2, page: 1, page_size: 1, has_more: false });
    expect(paged.data[0]).toMatchObject({
      title: 'One',
      campaign_status: 'archived',
      customer_name: 'Acme Brand',
      invoices_paid: 0,
      invoices_total: 0,
    });
    expect(await names('?search=tw')).toEqual(['Two']);
    expect((await call('GET', '/v1/campaigns?archived=maybe', owner.headers)).statusCode).toBe(400);
  });

  it("counts a campaign's invoices in its list row (paid ones, and all but the canceled), by page number and by cursor", async () => {
    const owner = await fundedOwner(ctx.app);
    const campaign = await addCampaign(ctx.app, owner.headers);
    const other = await addCampaign(ctx.app, owner.headers, { title: 'Other' });
    const forCampaign = { customer_id: campaign.customer_id, payment_group_id: campaign.id };
    const paid = await sendInvoice(ctx.app, owner.headers, forCampaign);
    const linkId = await payLinkId(ctx.app, paid.customer_email);
    expect((await payByCard(ctx.app, linkId, await cardToken(ctx.app, '4242424242424242'))).json().status).toBe('succeeded');
    await sendInvoice(ctx.app, owner.headers, forCampaign);
    const canceled = await sendInvoice(ctx.app, owner.headers, forCampaign);
    expect((await call('POST', `/v1/invoices/${canceled.id}/cancel`, owner.headers)).statusCode).toBe(200);

    const byNumber = (await call('GET', '/v1/campaigns', owner.headers)).json();
    const figures = (rows: { id: string; invoices_paid: number; invoices_total: number }[]) =>
      rows.map((row) => [row.id, row.invoices_paid, row.invoices_total]);
    expect(figures(byNumber.data)).toEqual([
      [other.id, 0, 0],
      [campaign.id, 1, 2],
    ]);
    const first = (await call('GET', '/v1/campaigns?page_size=1', owner.headers)).json();
    const second = (await call('GET', `/v1/campaigns?page_size=1&starting_after=${first.next_cursor}`, owner.headers)).json();
    expect([first.total, second.total]).toEqual([2, null]);
    expect(figures([...first.data, ...second.data])).toEqual(figures(byNumber.data));
    // Past the last row no row carries the total: it is still the tab's count.
    expect((await call('GET', '/v1/campaigns?page=5&page_size=1', owner.headers)).json()).toMatchObject({
      data: [],
      total: 2,
      has_more: false,
    });
    // The campaign's overview and its customer count the same invoices (10,000 cents each).
    expect((await call('GET', `/v1/campaigns/${campaign.id}`, owner.headers)).json().figures).toMatchObject({
      invoices_total: 2,
      invoices_paid: 1,
      invoices_completed: 10_000,
      invoices_incomplete: 10_000,
    });
    expect((await call('GET', `/v1/customers/${campaign.customer_id}`, owner.headers)).json()).toMatchObject({
      invoice_volume: 10_000,
      invoice_count: 2,
    });
  });

  it('counts posted/total payments and sums the overview money in SQL; gross revenue is the budget minus total payments', async () => {
    const owner = await fundedOwner(ctx.app);
    const creator = await addCreator(ctx.app, owner.headers, BANK);
    const campaign = await addCampaign(ctx.app, owner.headers, { deal_size: 100_000 });
    const elsewhere = await addCampaign(ctx.app, owner.headers, { title: 'Elsewhere' });
    const [posted, kept, canceled] = await createDrafts(ctx.app, owner.headers, [
      paymentRow(creator.id, 20_000, { payment_group_id: campaign.id }),
      paymentRow(creator.id, 15_000, { payment_group_id: campaign.id }),
      paymentRow(creator.id, 5_000, { payment_group_id: campaign.id }),
    ]);
    await createDrafts(ctx.app, owner.headers, [
      paymentRow(creator.id, 7_000, { payment_group_id: elsewhere.id }),
      paymentRow(creator.id, 9_000),
    ]);
    expect((await call('DELETE', '/v1/payments', owner.headers, { ids: [canceled!.id] })).statusCode).toBe(200);
    const executed = await call('PUT', '/v1/payments/initiate', owner.headers, { ids: [posted!.id], payment_group_id: campaign.id });
    expect(executed.statusCode, executed.body).toBe(200);
    await advanceClock(ctx.app, 61);
    expect((await call('GET', `/v1/payments/${posted!.id}`, owner.headers)).json().status).toBe('succeeded');

    const row = (await call('GET', '/v1/campaigns', owner.headers)).json().data.find((item: { id: string }) => item.id === campaign.id);
    expect(row).toMatchObject({ payments_posted: 1, payments_total: 2, deal_size: 100_000 });
    const detail = (await call('GET', `/v1/campaigns/${campaign.id}`, owner.headers)).json();
    expect(detail.figures).toEqual({
      payments_count: 2,
      payments_posted: 1,
      total_payments: 35_000,
      payments_completed: 20_000,
      payments_incomplete: 15_000,
      invoices_total: 0,
      invoices_paid: 0,
      invoices_completed: 0,
      invoices_incomplete: 0,
      gross_revenue: 65_000,
      income_current: -20_000,
      income_projected: 65_000,
    });
    expect(kept).toBeDefined();
    const list = (await call('GET', `/v1/payments?tab=all_payments&payment_group_id=${campaign.id}`, owner.headers)).json();
    expect(list.data.map((payment: { id: string }) => payment.id).sort()).toEqual([posted!.id, kept!.id].sort());
  });
});

describe('campaigns: roles and organizations', () => {
  it('lets admins and team members manage campaigns, refuses external users and the signed out', async () => {
    const owner = await createOwner(ctx.app);
    const customer = await addCustomer(ctx.app, owner.headers);
    for (const role of ['admin', 'collaborator'] as const) {
      const member = await createMember(ctx.deps, owner.org.id, role);
      const created = await call('POST', '/v1/campaigns', member.headers, { title: role, customer_id: customer.id });
      expect(created.statusCode, created.body).toBe(200);
      expect((await call('PUT', `/v1/campaigns/${created.json().id}`, member.headers, { campaign_status: 'active' })).statusCode).toBe(200);
      expect((await call('GET', `/v1/campaigns/${created.json().id}`, member.headers)).statusCode).toBe(200);
    }
    const external = await createMember(ctx.deps, owner.org.id, 'creator');
    const campaign = await addCampaign(ctx.app, owner.headers, { customer_id: customer.id });
    for (const [method, url, payload] of [
      ['GET', '/v1/campaigns', undefined],
      ['GET', `/v1/campaigns/${campaign.id}`, undefined],
      ['POST', '/v1/campaigns', { title: 'X', customer_id: customer.id }],
      ['PUT', `/v1/campaigns/${campaign.id}`, { title: 'X' }],
    ] as const) {
      expect((await call(method, url, external.headers, payload)).statusCode).toBe(403);
      expect((await call(method, url, {}, payload)).statusCode).toBe(401);
    }
  });

  it("answers 404 for another organization's campaign, customer and agent, and changes nothing of theirs", async () => {
    const mine = await createOwner(ctx.app);
    const theirs = await createOwner(ctx.app);
    const myCustomer = await addCustomer(ctx.app, mine.headers);
    const myCampaign = await addCampaign(ctx.app, mine.headers, { customer_id: myCustomer.id });
    const theirCampaign = await addCampaign(ctx.app, theirs.headers, { title: 'Theirs' });
    const theirAgent = await addAgent(theirs.headers);
    expect((await call('GET', `/v1/campaigns/${theirCampaign.id}`, mine.headers)).statusCode).toBe(404);
    expect((await call('PUT', `/v1/campaigns/${theirCampaign.id}`, mine.headers, { title: 'Mine now' })).statusCode).toBe(404);
    expect((await call('POST', '/v1/campaigns', mine.headers, { title: 'X', customer_id: theirCampaign.customer_id })).statusCode).toBe(
      404,
    );
    expect((await call('PUT', `/v1/campaigns/${myCampaign.id}`, mine.headers, { customer_id: theirCampaign.customer_id })).statusCode).toBe(
      404,
    );
    expect((await call('PUT', `/v1/campaigns/${myCampaign.id}`, mine.headers, { agent_id: theirAgent.id })).statusCode).toBe(404);
    expect((await call('GET', '/v1/campaigns', mine.headers)).json().data.map((row: { id: string }) => row.id)).toEqual([myCampaign.id]);
    expect((await call('GET', `/v1/campaigns/${theirCampaign.id}`, theirs.headers)).json().title).toBe('Theirs');
    expect((await call('GET', `/v1/campaigns/${myCampaign.id}`, mine.headers)).json().customer_id).toBe(myCustomer.id);
  });
});

describe('GET /v1/dashboard: Active Campaigns', () => {
  it('lists at most 5 preflight or active campaigns, newest first, with payments count and total; has_campaign counts archived ones too', async () => {
    const owner = await fundedOwner(ctx.app);
    const dashboard = async () => (await call('GET', '/v1/dashboard', owner.headers)).json();
    expect(await dashboard()).toMatchObject({ active_campaigns: [], has_campaign: false });
    const archived = await addCampaign(ctx.app, owner.headers, { title: 'Old' });
    await call('PUT', `/v1/campaigns/${archived.id}`, owner.headers, { campaign_status: 'archived' });
    expect(await dashboard()).toMatchObject({ active_campaigns: [], has_campaign: true });
    const creator = await addCreator(ctx.app, owner.headers);
    const customer = await addCustomer(ctx.app, owner.headers);
    const made = [];
    for (const title of ['A', 'B', 'C', 'D', 'E', 'F'])
      made.push(await addCampaign(ctx.app, owner.headers, { title, customer_id: customer.id }));
    await createDrafts(ctx.app, owner.headers, [
      paymentRow(creator.id, 10_000, { payment_group_id: made[5]!.id }),
      paymentRow(creator.id, 2_500, { payment_group_id: made[5]!.id }),
    ]);
    await call('PUT', `/v1/campaigns/${made[4]!.id}`, owner.headers, { campaign_status: 'completed' });
    const answer = await dashboard();
    expect(answer.active_campaigns.map((item: { title: string }) => item.title)).toEqual(['F', 'D', 'C', 'B', 'A']);
    expect(answer.active_campaigns[0]).toMatchObject({ type: 'campaign', id: made[5]!.id, payments_count: 2, total_amount: 12_500 });
    expect(answer.active_campaigns[1]).toMatchObject({ payments_count: 0, total_amount: 0 });
  });
});
