import { toCsv, type ContractRecord } from '@crewpay/core';

// The columns of /contracts (Title, Recipient, Campaign, Status, Expiration date, Signed on), with the id and the day added.
const HEADER = ['id', 'title', 'recipient', 'recipient_email', 'campaign', 'status', 'expiration_date', 'signature_date', 'created_at'];

const rowOf = (row: ContractRecord) => [
  row.id,
  row.title,
  row.recipient,
  row.recipient_email ?? '',
  row.campaign_title ?? '',
  row.display_status,
  row.expiration_date,
  row.signature_date ?? '',
  row.created_at,
];

/**
 * contracts_report.csv, written as the chunks of rows arrive (the export streams every row of the
 * filter); toCsv (core csv.ts) turns formula-like cells into plain text.
 */
export async function* contractsCsv(chunks: AsyncIterable<ContractRecord[]>): AsyncGenerator<string> {
  yield toCsv([HEADER]);
  for await (const rows of chunks) yield `\r\n${toCsv(rows.map(rowOf))}`;
}
