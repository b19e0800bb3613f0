import { campaignStatusLabels, toCsv, type CampaignListItem } from '@crewpay/core';

// The columns of /campaigns (Title, Description, Customer, Deal Size, Payments Completed, Invoices), with the id, status, dates and day added.
const HEADER = [
  'id',
  'title',
  'description',
  'customer',
  'agent',
  'status',
  'start_date',
  'end_date',
  'deal_size',
  'payments_completed',
  'payments_total',
  'invoices_paid',
  'invoices_total',
  'created_at',
];

const rowOf = (row: CampaignListItem) => [
  row.id,
  row.title,
  row.description ?? '',
  row.customer_name,
  row.agent_name ?? '',
  campaignStatusLabels[row.campaign_status],
  row.campaign_start_date ?? '',
  row.campaign_end_date ?? '',
  row.deal_size === null ? '' : (row.deal_size / 100).toFixed(2),
  row.payments_posted,
  row.payments_total,
  row.invoices_paid,
  row.invoices_total,
  row.created_at,
];

/**
 * campaigns_list.csv, written as the chunks of rows arrive (the export streams every row of the
 * filter); the deal size in dollars; toCsv (core csv.ts) turns formula-like cells into plain text.
 */
export async function* campaignsCsv(chunks: AsyncIterable<CampaignListItem[]>): AsyncGenerator<string> {
  yield toCsv([HEADER]);
  for await (const rows of chunks) yield `\r\n${toCsv(rows.map(rowOf))}`;
}
