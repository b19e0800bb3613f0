import { and, desc, sql } from 'drizzle-orm';
import { creatorName, invitationLabels, payoutMethodLabels, toCsv, type CreatorListItem } from '@crewpay/core';
import type { Db } from '../../db/client.ts';
import { creators } from '../../db/schema/index.ts';
import { afterPosition, cursorMicros, type KeysetPosition } from '../../lib/keyset.ts';
import { creatorsWhere, searchPatterns } from './list-where.ts';
import { cteColumns, joinExtras, listColumns, rowExtras, toListItem, type PageRow } from './queries.ts';

type ExportFilters = {
  org_id: string;
  search?: string | undefined;
  is_active?: boolean | undefined;
  created_from?: string | undefined;
  created_to?: string | undefined;
  tag_id?: string | undefined;
};

const EXPORT_CHUNK = 500;

/** One chunk of the export after a position, with each row's tags and payment totals (the list's extras). */
function exportChunk(db: Db, filters: ExportFilters, after: KeysetPosition | undefined) {
  const { search, ...rest } = filters;
  const where = creatorsWhere({ ...rest, ...searchPatterns(search) });
  const rows = db
    .select({ ...listColumns, cursor_us: cursorMicros(creators.created_at).as('cursor_us'), total: sql<null>`NULL::bigint`.as('total') })
    .from(creators)
    .where(after ? and(where, afterPosition(creators.created_at, creators.id, after)) : where)
    .orderBy(desc(creators.created_at), desc(creators.id))
    .limit(EXPORT_CHUNK);
  const chunk = db.$with('chunk').as(rows);
  const extras = rowExtras(db, 'chunk', filters.org_id);
  return joinExtras(
    db
      .with(chunk)
      .select({ ...cteColumns(chunk), ...extras.fields })
      .from(chunk)
      .$dynamic(),
    extras,
    chunk.id,
  ).orderBy(desc(chunk.created_at), desc(chunk.id)) as unknown as Promise<PageRow[]>;
}

/**
 * Every creator of the list's filters (the CSV export), newest first, read in keyset chunks so a
 * large organisation's report never holds the whole table in memory at once.
 */
export async function* allCreators(db: Db, filters: ExportFilters): AsyncGenerator<CreatorListItem[]> {
  let after: KeysetPosition | undefined;
  for (;;) {
    const rows = await exportChunk(db, filters, after);
    const last = rows.at(-1);
    if (last) yield rows.map(toListItem);
    if (rows.length < EXPORT_CHUNK || !last) return;
    after = { created_us: last.cursor_us, id: last.id };
  }
}

// The columns of /creators (Email, Name, Tags, Payments, Amount paid, Payment method, Status, Invitation), with the id and the day added.
const HEADER = ['id', 'email', 'name', 'tags', 'payments', 'amount_paid', 'payment_method', 'status', 'invitation', 'created_at'];

const rowOf = (row: CreatorListItem) => [
  row.id,
  row.email,
  creatorName(row),
  row.tags.map((tag) => tag.label).join(', '),
  row.payments_count,
  (row.amount_paid / 100).toFixed(2),
  row.selected_payment_method ? payoutMethodLabels[row.selected_payment_method] : '',
  row.is_active ? 'Active' : 'Disabled',
  invitationLabels[row.invitation],
  row.created_at,
];

/**
 * creators_report.csv, written as the chunks of rows arrive; amounts in dollars; toCsv (core
 * csv.ts) turns formula-like cells into plain text.
 */
export async function* creatorsCsv(chunks: AsyncIterable<CreatorListItem[]>): AsyncGenerator<string> {
  yield toCsv([HEADER]);
  for await (const rows of chunks) yield `\r\n${toCsv(rows.map(rowOf))}`;
}
