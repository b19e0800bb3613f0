import { describeNet, toCsv, type InvoiceRecord } from '@crewpay/core';

const HEADER = [
  'id',
  'number',
  'title',
  'description',
  'customer',
  'customer_email',
  'amount',
  'net',
  'due_date',
  'status',
  'payment_group_id',
  'created_at',
];

const rowOf = (row: InvoiceRecord) => [
  row.id,
  row.number,
  row.title,
  row.description,
  row.customer_name,
  row.customer_email ?? '',
  (row.amount / 100).toFixed(2),
  describeNet(row.net),
  row.due_date,
  row.status,
  row.payment_group_id ?? '',
  row.created_at,
];

/**
 * invoices_report.csv, written as the chunks of rows arrive (the export streams every row of the
 * tab); amounts in dollars; toCsv (core csv.ts) turns formula-like cells into plain text.
 */
export async function* invoicesCsv(chunks: AsyncIterable<InvoiceRecord[]>): AsyncGenerator<string> {
  yield toCsv([HEADER]);
  for await (const rows of chunks) yield `\r\n${toCsv(rows.map(rowOf))}`;
}
