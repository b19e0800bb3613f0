import { and, asc, count, desc, eq, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
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

/**
 * Each row's tags and payment totals, read in the page query itself (correlated subqueries over
 * the tag and recipient indexes, 51 rows at most): one round trip for the page instead of three.
 */
const rowExtras = {
  // Written out with table names: in a one-table select Drizzle leaves columns unqualified, and
  // "id" inside a subquery would name the subquery's own table.
  tags: sql<TagRef[]>`(SELECT coalesce(json_agg(json_build_object('id', t.id, 'label', t.label) ORDER BY t.label), '[]')
    FROM tag_enrollments e JOIN tags t ON t.id = e.tag_id WHERE e.org_id = creators.org_id AND e.creator_id = creators.id)`,
  payments_count: sql<number>`(SELECT count(*) FROM payments p
    WHERE p.recipient = creators.id AND p.org_id = creators.org_id AND NOT p.is_deleted)`.mapWith(Number),
  amount_paid: sql<number>`(SELECT coalesce(sum(p.amount) FILTER (WHERE p.status = 'succeeded'), 0) FROM payments p
    WHERE p.recipient = creators.id AND p.org_id = creators.org_id AND NOT p.is_deleted)`.mapWith(Number),
};

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

type ListFilters = { org_id: string | Placeholder; is_active?: boolean | Placeholder | undefined; search?: string | Placeholder | undefined };

/** The filters of a creators list; each value may be a prepared statement's placeholder. */
function creatorsWhere(filters: ListFilters): SQL {
  const conditions: SQL[] = [eq(creators.org_id, filters.org_id)];
  if (filters.is_active !== undefined) conditions.push(eq(creators.is_active, filters.is_active));
  // search_text is the lower-cased email and names, trigram-indexed for %term% matches.
  if (filters.search !== undefined) conditions.push(sql`${creators.search_text} LIKE ${filters.search}`);
  return and(...conditions)!;
}

type PageShape = { cursor: boolean; search: boolean; active: boolean };

/**
 * The page query of one shape (by cursor or by page number, with or without a search or an
 * is_active filter), prepared once per database: the list answers every request with one
 * statement that Drizzle has already built and PostgreSQL has already parsed.
 */
function preparePage(db: DbOrTx, shape: PageShape) {
  const where = creatorsWhere({
    org_id: sql.placeholder('org_id'),
    is_active: shape.active ? sql.placeholder('is_active') : undefined,
    search: shape.search ? sql.placeholder('search') : undefined,
  });
  const newestFirst = [desc(creators.created_at), desc(creators.id)];
  const columns = { ...listColumns, cursor_us: cursorMicros(creators.created_at), ...rowExtras };
  const name = `creators_page_${shape.cursor ? 'cursor' : 'number'}${shape.search ? '_search' : ''}${shape.active ? '_active' : ''}`;
  // The page's ids first, then only those rows with their tags and totals: a search's matches
  // are sorted before the limit, and PostgreSQL would work out the extras of every match.
  const position = { created_us: sql.placeholder('created_us'), id: sql.placeholder('cursor_id') };
  const pageIds = shape.cursor
    ? db
        .select({ id: creators.id })
        .from(creators)
        .where(and(where, afterPosition(creators.created_at, creators.id, position)))
        .orderBy(...newestFirst)
        .limit(sql.placeholder('limit'))
    : db
        .select({ id: creators.id })
        .from(creators)
        .where(where)
        .orderBy(...newestFirst)
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'));
  return db
    .select(columns)
    .from(creators)
    .where(and(eq(creators.org_id, sql.placeholder('org_id')), inArray(creators.id, pageIds)))
    .orderBy(...newestFirst)
    .prepare(name);
}

const preparedPages = new WeakMap<DbOrTx, Map<string, ReturnType<typeof preparePage>>>();

function pageQuery(db: DbOrTx, shape: PageShape) {
  const key = `${shape.cursor}.${shape.search}.${shape.active}`;
  let byShape = preparedPages.get(db);
  if (!byShape) preparedPages.set(db, (byShape = new Map()));
  let prepared = byShape.get(key);
  if (!prepared) byShape.set(key, (prepared = preparePage(db, shape)));
  return prepared;
}

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
  const term = options.search?.trim();
  const filters = {
    org_id: options.org_id,
    is_active: options.is_active,
    search: term ? `%${escapeLike(term.toLowerCase())}%` : undefined,
  };
  const page = pageQuery(db, { cursor: position !== null, search: filters.search !== undefined, active: filters.is_active !== undefined });
  const [found, totalRows] = await Promise.all([
    page.execute({
      ...filters,
      limit: options.page_size + 1,
      offset: options.page * options.page_size,
      created_us: position?.created_us,
      cursor_id: position?.id,
    }),
    position ? null : db.select({ total: count() }).from(creators).where(creatorsWhere(filters)),
  ]);
  const { rows, has_more, next_cursor } = keysetPage(found, options.page_size);
  return {
    data: rows.map(({ cursor_us: _cursor, ...row }) => ({ ...row, created_at: row.created_at.toISOString() })),
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
