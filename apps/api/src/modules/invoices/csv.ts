import { describeNet, toCsv, type InvoiceRecord } from '@crewpay/core';

const HEADER = [
  'id',
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

/** invoices_report.csv: amounts in dollars; toCsv turns cells starting with = + - @ into plain text. */
export function invoicesCsv(rows: InvoiceRecord[]): string {
  return toCsv([
    HEADER,
    ...rows.map((row) => [
      row.id,
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
    ]),
  ]);
}
