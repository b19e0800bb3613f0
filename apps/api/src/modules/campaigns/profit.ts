import { and, eq, ne, sql } from 'drizzle-orm';
import {
  CAMPAIGN_REPORT_LIMIT,
  campaignReportColumns,
  toCsv,
  type CampaignProfit,
  type CampaignProfitFigures,
  type CampaignReport,
  type CampaignReportRow,
  type CashflowFigures,
} from '@crewpay/core';
import type { DbOrTx } from '../../db/client.ts';
import { campaigns, customers, invoices } from '../../db/schema/index.ts';
import { campaignCashflowTotals, cashflowBuckets } from '../ledger/index.ts';
import { findCampaign } from './queries.ts';

const NO_MONEY: CashflowFigures = {
  money_in: 0,
  invoice_receipts: 0,
  wallet_funding: 0,
  money_out: 0,
  payouts: 0,
  fees: 0,
  refunds: 0,
  disputes: 0,
  withheld_tax: 0,
};

/**
 * The ledger's figures in the campaign's words; the margin is collected - paid out - withheld tax -
 * fees: tax withheld from the campaign's payees is owed to the IRS, a cost of the campaign, never profit.
 */
function profitOf(money: CashflowFigures) {
  const { invoice_receipts: collected, payouts: paid_out, withheld_tax, fees, refunds, disputes } = money;
  return { collected, paid_out, withheld_tax, fees, refunds, disputes, margin: collected - paid_out - withheld_tax - fees };
}

/**
 * What each campaign invoiced: its invoices not canceled (campaign id -> cents). An invoice in
 * another currency counts the USD Stripe settled once it is paid (nothing before: cents of two
 * currencies are never added); the Profit card says so.
 */
async function invoicedByCampaign(db: DbOrTx, orgId: string, campaignId?: string): Promise<Map<string, number>> {
  const usd = sql`CASE WHEN ${invoices.currency} = 'usd' THEN ${invoices.amount} ELSE (
    SELECT c.settled_usd FROM charges c WHERE c.invoice_id = ${invoices.id} AND c.status = 'succeeded' LIMIT 1) END`;
  const rows = await db
    .select({ campaign_id: invoices.payment_group_id, total: sql<string>`coalesce(sum(${usd}), 0)::text` })
    .from(invoices)
    .where(
      and(
        eq(invoices.org_id, orgId),
        ne(invoices.status, 'canceled'),
        campaignId ? eq(invoices.payment_group_id, campaignId) : sql`${invoices.payment_group_id} IS NOT NULL`,
      ),
    )
    .groupBy(invoices.payment_group_id);
  return new Map(rows.map((row) => [row.campaign_id!, Number(row.total)]));
}

/** GET /v1/campaigns/:id/profit: the campaign's figures to the cent from the ledger, and its last 12 months. */
export async function campaignProfitOf(db: DbOrTx, options: { org_id: string; id: string }): Promise<CampaignProfit> {
  const campaign = await findCampaign(db, options);
  const [totals, invoiced, months] = await Promise.all([
    campaignCashflowTotals(db, options.org_id, campaign.id),
    invoicedByCampaign(db, options.org_id, campaign.id),
    cashflowBuckets(db, options.org_id, { interval: 'month', campaignId: campaign.id }),
  ]);
  return {
    campaign_id: campaign.id,
    deal_size: campaign.deal_size ?? 0,
    invoiced: invoiced.get(campaign.id) ?? 0,
    ...profitOf(totals.get(campaign.id) ?? NO_MONEY),
    months: months.map((month) => ({ start: month.start, ...profitOf(month) })),
  };
}

/**
 * GET /v1/reports/campaigns: every campaign of the organisation with its figures, highest margin
 * first (then newest), at most CAMPAIGN_REPORT_LIMIT of them. The ledger is read once for all.
 */
export async function campaignReportOf(db: DbOrTx, orgId: string): Promise<CampaignReport> {
  const [rows, totals, invoiced] = await Promise.all([
    db
      .select({ id: campaigns.id, title: campaigns.title, deal_size: campaigns.deal_size, customer_name: customers.name })
      .from(campaigns)
      .innerJoin(customers, eq(customers.id, campaigns.customer_id))
      .where(eq(campaigns.org_id, orgId))
      .orderBy(sql`${campaigns.created_at} DESC`, sql`${campaigns.id} DESC`),
    campaignCashflowTotals(db, orgId),
    invoicedByCampaign(db, orgId),
  ]);
  const report: CampaignReportRow[] = rows.map((row) => {
    const figures: CampaignProfitFigures = {
      deal_size: row.deal_size ?? 0,
      invoiced: invoiced.get(row.id) ?? 0,
      ...profitOf(totals.get(row.id) ?? NO_MONEY),
    };
    return { id: row.id, title: row.title, customer_name: row.customer_name, ...figures };
  });
  // A stable sort: equal margins keep the newest first.
  report.sort((a, b) => b.margin - a.margin);
  return { data: report.slice(0, CAMPAIGN_REPORT_LIMIT), has_more: report.length > CAMPAIGN_REPORT_LIMIT };
}

/** campaigns_report.csv: the report's rows, amounts in dollars, through core's toCsv (formula-like cells made text). */
export function campaignReportCsv(report: CampaignReport): string {
  const header = campaignReportColumns.map(([label]) => label);
  const rows = report.data.map((row) =>
    campaignReportColumns.map(([, key]) => (typeof row[key] === 'number' ? (row[key] / 100).toFixed(2) : row[key])),
  );
  return toCsv([header, ...rows]);
}
