import { centsToDollarString, toCsv, type AuditEntryRecord } from '@crewpay/core';

// The target's kind and the money the action concerns (in dollars), as the Audit log shows them.
const HEADER = ['time', 'action', 'description', 'by', 'as', 'target_type', 'target_id', 'amount', 'status', 'details'];

const rowOf = (entry: AuditEntryRecord) => [
  entry.created_at,
  entry.action,
  entry.description,
  entry.actor?.email ?? '',
  entry.acted_as?.email ?? '',
  entry.target_type ?? '',
  entry.target_id ?? '',
  entry.amount === null ? '' : centsToDollarString(entry.amount),
  entry.status_code === null ? '' : String(entry.status_code),
  entry.details ? JSON.stringify(entry.details) : '',
];

/** audit_log.csv, written as the chunks arrive; toCsv (core csv.ts) turns formula-like cells into plain text. */
export async function* auditLogCsv(chunks: AsyncIterable<AuditEntryRecord[]>): AsyncGenerator<string> {
  yield toCsv([HEADER]);
  for await (const entries of chunks) yield `\r\n${toCsv(entries.map(rowOf))}`;
}
