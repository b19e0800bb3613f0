import { describeNet, minorToMajorString, toCsv, type InvoiceRecord } from '@crewpay/core';

const HEADER = [
  'id',
  'number',
  'title',
  'description',
  'customer',
  'customer_email',
  'amount',
  'currency',
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
  minorToMajorString(row.amount, row.currency.toUpperCase()),
  row.currency.toUpperCase(),
  describeNet(row.net),
  row.due_date,
  row.status,
  row.payment_group_id ?? '',
  row.created_at,
];

/**
 * invoices_report.csv, written as the chunks of rows arrive (the export streams every row of the
 * tab); amounts in the invoice's currency with its decimals, beside its code; toCsv (core csv.ts) turns formula-like cells into plain text.
 */
export async function* invoicesCsv(chunks: AsyncIterable<InvoiceRecord[]>): AsyncGenerator<string> {
  yield toCsv([HEADER]);
  for await (const rows of chunks) yield `\r\n${toCsv(rows.map(rowOf))}`;
}
