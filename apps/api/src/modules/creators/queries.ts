import { and, asc, count, desc, eq, inArray, like, sql, type SQL } from 'drizzle-orm';
import { creatorMessages, type CreatorPage } from '@crewpay/core';
import type { DbOrTx } from '../../db/client.ts';
import { creators, payments, tagEnrollments, tags, type Creator } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { afterPosition, cursorMicros, decodeCursor, keysetPage } from '../../lib/keyset.ts';
import { toCreatorRecord, type PaymentTotals, type TagRef } from './records.ts';

export async function findCreatorRow(tx: DbOrTx, options: { org_id: string; id: string; forUpdate?: boolean }): Promise<Creator> {
  const query = tx
    .select()
    .from(creators)
    .where(and(eq(creators.org_id, options.org_id), eq(creators.id, options.id)))
    .limit(1);
  const [creator] = options.forUpdate ? await query.for('update') : await query;
  if (!creator) throw new AppError('not_found', creatorMessages.notFound);
  return creator;
}

export async function tagsForCreators(tx: DbOrTx, options: { org_id: string; creator_ids: string[] }): Promise<Map<string, TagRef[]>> {
  const byCreator = new Map<string, TagRef[]>();
  if (options.creator_ids.length === 0) return byCreator;
  const rows = await tx
    .select({ creator_id: tagEnrollments.creator_id, id: tags.id, label: tags.label })
    .from(tagEnrollments)
    .innerJoin(tags, eq(tags.id, tagEnrollments.tag_id))
    .where(and(eq(tagEnrollments.org_id, options.org_id), inArray(tagEnrollments.creator_id, options.creator_ids)))
    .orderBy(asc(tags.label));
  for (const row of rows) byCreator.set(row.creator_id, [...(byCreator.get(row.creator_id) ?? []), { id: row.id, label: row.label }]);
  return byCreator;
}

/** Payments count and amount paid (posted payments) per creator, from the payments table. */
export async function paymentTotalsForCreators(
  tx: DbOrTx,
  options: { org_id: string; creator_ids: string[] },
): Promise<Map<string, PaymentTotals>> {
  const totals = await paymentTotalsByRecipient(tx, options.org_id, options.creator_ids);
  return new Map(options.creator_ids.map((id) => [id, totals.get(id) ?? { payments_count: 0, amount_paid: 0 }]));
}

export async function toCreatorRecords(tx: DbOrTx, orgId: string, rows: Creator[]) {
  const ids = rows.map((row) => row.id);
  const [tagMap, totals] = await Promise.all([
    tagsForCreators(tx, { org_id: orgId, creator_ids: ids }),
    paymentTotalsForCreators(tx, { org_id: orgId, creator_ids: ids }),
  ]);
  return rows.map((row) => toCreatorRecord(row, tagMap.get(row.id) ?? [], totals.get(row.id) ?? { payments_count: 0, amount_paid: 0 }));
}

export async function getCreator(tx: DbOrTx, options: { org_id: string; id: string }) {
  const [record] = await toCreatorRecords(tx, options.org_id, [await findCreatorRow(tx, options)]);
  return record!;
}

/** The columns a row of the creators table needs: no secrets are even read. */
const listColumns = {
  id: creators.id,
  email: creators.email,
  entity_type: creators.entity_type,
  first_name: creators.first_name,
  last_name: creators.last_name,
  business_name: creators.business_name,
  is_active: creators.is_active,
  selected_payment_method: creators.selected_payment_method,
  created_at: creators.created_at,
};

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * One page of an organisation's creators, newest first, optionally searched by email or name.
 * After a cursor (starting_after) the page is found by keyset; a page number (the spec's calls)
 * finds its ids on the index alone and reads only those rows. The total is counted only for a
 * page number: a client paging by cursor has it from its first page.
 */
export async function listCreators(
  db: DbOrTx,
  options: {
    org_id: string;
    page: number;
    page_size: number;
    starting_after?: string | undefined;
    search?: string | undefined;
    is_active?: boolean | undefined;
  },
): Promise<CreatorPage> {
  const position = options.starting_after ? decodeCursor(options.starting_after) : null;
  const filters: SQL[] = [eq(creators.org_id, options.org_id)];
  if (options.is_active !== undefined) filters.push(eq(creators.is_active, options.is_active));
  const search = options.search?.trim();
  if (search) {
    // search_text is the lower-cased email and names, trigram-indexed for %term% matches.
    filters.push(like(creators.search_text, `%${escapeLike(search.toLowerCase())}%`));
  }
  const where = and(...filters);
  const newestFirst = [desc(creators.created_at), desc(creators.id)];
  const columns = { ...listColumns, cursor_us: cursorMicros(creators.created_at) };
  const pageRows = position
    ? db
        .select(columns)
        .from(creators)
        .where(and(where, afterPosition(creators.created_at, creators.id, position)))
        .orderBy(...newestFirst)
        .limit(options.page_size + 1)
    : db
        .select(columns)
        .from(creators)
        .where(
          and(
            eq(creators.org_id, options.org_id),
            inArray(
              creators.id,
              db
                .select({ id: creators.id })
                .from(creators)
                .where(where)
                .orderBy(...newestFirst)
                .limit(options.page_size + 1)
                .offset(options.page * options.page_size),
            ),
          ),
        )
        .orderBy(...newestFirst);
  const [found, totalRows] = await Promise.all([pageRows, position ? null : db.select({ total: count() }).from(creators).where(where)]);
  const { rows, has_more, next_cursor } = keysetPage(found, options.page_size);
  const ids = rows.map((row) => row.id);
  const [tagMap, totals] = await Promise.all([
    tagsForCreators(db, { org_id: options.org_id, creator_ids: ids }),
    paymentTotalsForCreators(db, { org_id: options.org_id, creator_ids: ids }),
  ]);
  return {
    data: rows.map(({ cursor_us: _cursor, ...row }) => ({
      ...row,
      created_at: row.created_at.toISOString(),
      tags: tagMap.get(row.id) ?? [],
      ...(totals.get(row.id) ?? { payments_count: 0, amount_paid: 0 }),
    })),
    total: totalRows ? (totalRows[0]?.total ?? 0) : null,
    page: options.page,
    page_size: options.page_size,
    has_more,
    next_cursor,
  };
}

/** Payments count and amount paid (succeeded) per creator, for the creators list and profile. */
export async function paymentTotalsByRecipient(
  tx: DbOrTx,
  orgId: string,
  recipientIds: string[],
): Promise<Map<string, { payments_count: number; amount_paid: number }>> {
  const result = new Map<string, { payments_count: number; amount_paid: number }>();
  if (recipientIds.length === 0) return result;
  const rows = await tx
    .select({
      recipient: payments.recipient,
      payments_count: sql<string>`COUNT(*)`,
      amount_paid: sql<string>`COALESCE(SUM(${payments.amount}) FILTER (WHERE ${payments.status} = 'succeeded'), 0)`,
    })
    .from(payments)
    .where(and(eq(payments.org_id, orgId), eq(payments.is_deleted, false), inArray(payments.recipient, recipientIds)))
    .groupBy(payments.recipient);
  for (const row of rows) result.set(row.recipient, { payments_count: Number(row.payments_count), amount_paid: Number(row.amount_paid) });
  return result;
}
