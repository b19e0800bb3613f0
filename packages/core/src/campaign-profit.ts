import { z } from 'zod';

/**
 * A campaign's money, in cents: its deal size and what was invoiced (its invoices not canceled),
 * then from the ledger what its invoices brought in (collected), what its payments paid out, the
 * fees Crewpay kept on both, what was refunded and what disputes or returns took back.
 */
export const campaignProfitFigures = z.object({
  deal_size: z.number().int(),
  invoiced: z.number().int(),
  collected: z.number().int(),
  paid_out: z.number().int(),
  /** Backup withholding kept back from the campaign's payees, owed to the IRS. */
  withheld_tax: z.number().int(),
  fees: z.number().int(),
  refunds: z.number().int(),
  disputes: z.number().int(),
  /** collected - paid out - withheld tax - fees. */
  margin: z.number().int(),
});
export type CampaignProfitFigures = z.infer<typeof campaignProfitFigures>;

/** One month (its first day, YYYY-MM-DD in UTC) of a campaign's ledger figures. */
export const campaignProfitMonth = z.object({
  start: z.string(),
  collected: z.number().int(),
  paid_out: z.number().int(),
  withheld_tax: z.number().int(),
  fees: z.number().int(),
  refunds: z.number().int(),
  disputes: z.number().int(),
  margin: z.number().int(),
});
export type CampaignProfitMonth = z.infer<typeof campaignProfitMonth>;

/** GET /v1/campaigns/:id/profit: all-time figures, and the last 12 months, oldest first. */
export const campaignProfit = campaignProfitFigures.extend({ campaign_id: z.string().uuid(), months: z.array(campaignProfitMonth) });
export type CampaignProfit = z.infer<typeof campaignProfit>;

/** At most this many campaigns in the report (the highest margins first). */
export const CAMPAIGN_REPORT_LIMIT = 500;

export const campaignReportRow = campaignProfitFigures.extend({ id: z.string().uuid(), title: z.string(), customer_name: z.string() });
export type CampaignReportRow = z.infer<typeof campaignReportRow>;

/** GET /v1/reports/campaigns: the organisation's campaigns by margin, highest first; has_more when there are more than the limit. */
export const campaignReport = z.object({ data: z.array(campaignReportRow), has_more: z.boolean() });
export type CampaignReport = z.infer<typeof campaignReport>;

/** The report's CSV columns, in order. */
export const campaignReportColumns = [
  ['Campaign', 'title'],
  ['Customer', 'customer_name'],
  ['Deal size', 'deal_size'],
  ['Invoiced', 'invoiced'],
  ['Collected', 'collected'],
  ['Paid out', 'paid_out'],
  ['Withheld tax', 'withheld_tax'],
  ['Fees', 'fees'],
  ['Refunds', 'refunds'],
  ['Disputes', 'disputes'],
  ['Margin', 'margin'],
] as const satisfies readonly (readonly [string, keyof CampaignReportRow])[];
