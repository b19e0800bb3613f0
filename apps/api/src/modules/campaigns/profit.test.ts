import { beforeAll, describe, expect, it } from 'vitest';
import type { CampaignProfit, CampaignReport } from '@crewpay/core';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { createOwner } from '../../../test/fixtures.ts';
import { addCampaign, createMember } from '../../../test/campaign-fixtures.ts';
import { injector } from '../../../test/payment-fixtures.ts';
import { campaignWithMoney, ledgerSumsOf } from '../../../test/profit-fixtures.ts';

let ctx: TestContext;
let world: Awaited<ReturnType<typeof campaignWithMoney>>;
beforeAll(async () => {
  ctx = await createTestContext({ SANDBOX_ACH_DELAY_SECONDS: '60' });
  world = await campaignWithMoney(ctx);
});

const get = (url: string, headers: Record<string, string>) => injector(ctx.app)('GET', url, headers);
const MONTH_FIGURES = ['collected', 'paid_out', 'fees', 'refunds', 'disputes', 'margin'] as const;

describe('GET /v1/campaigns/:id/profit', () => {
  it('answers deal size, invoiced, collected, paid out, fees, refunds, disputes and margin equal to the ledger to the cent', async () => {
    const { owner, campaign, invoices, payments } = world;
    const response = await get(`/v1/campaigns/${campaign.id}/profit`, owner.headers);
    expect(response.statusCode, response.body).toBe(200);
    const profit = response.json<CampaignProfit>();

    const ledger = await ledgerSumsOf(
      ctx,
      owner.org.id,
      [...invoices, ...payments].map((row) => row.id),
    );
    expect(ledger.types).toEqual(
      expect.arrayContaining(['invoice_card_settled', 'invoice_refunded', 'invoice_card_disputed', 'payment_succeeded']),
    );
    const collected = -ledger.outside(['invoice_card_settled']);
    const paidOut = ledger.outside(['payment_succeeded']);
    expect(collected).toBe(35_000);
    expect(paidOut).toBe(payments.reduce((sum, payment) => sum + payment.amount, 0));
    expect(ledger.fees).toBeGreaterThan(0);
    expect(profit).toMatchObject({
      campaign_id: campaign.id,
      deal_size: 50_000,
      invoiced: 35_000,
      collected,
      paid_out: paidOut,
      fees: ledger.fees,
      refunds: ledger.outside(['invoice_refunded']),
      disputes: ledger.outside(['invoice_card_disputed']),
      margin: collected - paidOut - ledger.fees,
    });
    expect(profit.refunds).toBe(2_500);
    expect(profit.disputes).toBe(5_000);

    // The 12 months add up to the totals (all of this campaign's money moved this month).
    expect(profit.months).toHaveLength(12);
    for (const figure of MONTH_FIGURES) {
      expect(
        profit.months.reduce((sum, month) => sum + month[figure], 0),
        figure,
      ).toBe(profit[figure]);
    }
  });

  it("answers 404 for another organisation's campaign, an unknown or malformed id; 403 to a creator", async () => {
    const stranger = await createOwner(ctx.app);
    const theirs = await addCampaign(ctx.app, stranger.headers);
    expect((await get(`/v1/campaigns/${theirs.id}/profit`, world.owner.headers)).statusCode).toBe(404);
    expect((await get(`/v1/campaigns/${world.campaign.id}/profit`, stranger.headers)).statusCode).toBe(404);
    expect((await get('/v1/campaigns/00000000-0000-7000-8000-000000000000/profit', world.owner.headers)).statusCode).toBe(404);
    // A malformed id is answered as not found (idParams), never a 500.
    expect((await get('/v1/campaigns/not-an-id/profit', world.owner.headers)).statusCode).toBe(404);
    const creator = await createMember(ctx.deps, world.owner.org.id, 'creator');
    expect((await get(`/v1/campaigns/${world.campaign.id}/profit`, creator.headers)).statusCode).toBe(403);
    const teamMember = await createMember(ctx.deps, world.owner.org.id, 'collaborator');
    expect((await get(`/v1/campaigns/${world.campaign.id}/profit`, teamMember.headers)).statusCode).toBe(200);
  });
});

describe('GET /v1/reports/campaigns and its CSV', () => {
  it("lists the organisation's campaigns by margin, highest first, with the profit route's figures", async () => {
    const { owner, campaign } = world;
    const idle = await addCampaign(ctx.app, owner.headers, { title: '=HYPERLINK("http://evil")' });
    const response = await get('/v1/reports/campaigns', owner.headers);
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json<CampaignReport>();
    expect(report.has_more).toBe(false);
    expect(report.data.map((row) => row.id)).toEqual([campaign.id, idle.id]);
    const {
      campaign_id: _id,
      months: _months,
      ...figures
    } = (await get(`/v1/campaigns/${campaign.id}/profit`, owner.headers)).json<CampaignProfit>();
    expect(report.data[0]).toEqual({ id: campaign.id, title: campaign.title, customer_name: 'Acme Brand', ...figures });
    expect(report.data[1]).toMatchObject({ margin: 0, collected: 0, invoiced: 0 });

    const stranger = await createOwner(ctx.app);
    expect((await get('/v1/reports/campaigns', stranger.headers)).json<CampaignReport>().data).toEqual([]);
    const creator = await createMember(ctx.deps, owner.org.id, 'creator');
    expect((await get('/v1/reports/campaigns', creator.headers)).statusCode).toBe(403);
    expect((await get('/v1/reports/campaigns/export', creator.headers)).statusCode).toBe(403);
  });

  it('exports the report as CSV in dollars, a formula-like title made plain text', async () => {
    const report = (await get('/v1/reports/campaigns', world.owner.headers)).json<CampaignReport>();
    const response = await get('/v1/reports/campaigns/export', world.owner.headers);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toContain('campaigns_report.csv');
    const lines = response.body.split('\r\n');
    expect(lines[0]).toBe('Campaign,Customer,Deal size,Invoiced,Collected,Paid out,Withheld tax,Fees,Refunds,Disputes,Margin');
    const top = report.data[0]!;
    expect(lines[1]).toBe(
      [
        top.title,
        top.customer_name,
        '500.00',
        '350.00',
        '350.00',
        (top.paid_out / 100).toFixed(2),
        '0.00',
        (top.fees / 100).toFixed(2),
        '25.00',
        '50.00',
        (top.margin / 100).toFixed(2),
      ].join(','),
    );
    expect(lines[2]).toBe(`"'=HYPERLINK(""http://evil"")",Acme Brand,0.00,0.00,0.00,0.00,0.00,0.00,0.00,0.00,0.00`);
  });
});
