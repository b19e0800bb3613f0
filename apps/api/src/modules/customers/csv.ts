import { toCsv, type CustomerListItem } from '@crewpay/core';

// The columns of /customers (Email, Name, Invoice Volume, Number of Invoices), with the id and the day added.
const HEADER = ['id', 'email', 'name', 'invoice_volume', 'invoice_count', 'created_at'];

const rowOf = (row: CustomerListItem) => [
  row.id,
  row.email ?? '',
  row.name,
  (row.invoice_volume / 100).toFixed(2),
  row.invoice_count,
  row.created_at,
];

/**
 * customers_report.csv, written as the chunks of rows arrive (the export streams every row of the
 * filter); amounts in dollars; toCsv (core csv.ts) turns formula-like cells into plain text.
 */
export async function* customersCsv(chunks: AsyncIterable<CustomerListItem[]>): AsyncGenerator<string> {
  yield toCsv([HEADER]);
  for await (const rows of chunks) yield `\r\n${toCsv(rows.map(rowOf))}`;
}
