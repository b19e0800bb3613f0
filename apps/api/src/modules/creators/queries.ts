import { and, count, desc, eq, getTableColumns, inArray, not, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect } from 'drizzle-orm/pg-core';
import { creatorMessages, type CreatorListItem, type CreatorPage } from '@crewpay/core';
import type { Db, DbOrTx } from '../../db/client.ts';
import { preparedPerShape, preparedRows } from '../../db/prepared-rows.ts';
import { creators, payments, tagEnrollments, tags, type Creator } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { afterPosition, cursorMicros, decodeCursor, keysetPage, literalLimit, pageNumberTotal, unseenByPlanner } from '../../lib/keyset.ts';
import { creatorsWhere, searchPatterns, type ListFilters } from './list-where.ts';
import { toCreatorRecord, type TagRef } from './records.ts';

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

/** One creator as the API answers it: the row, its tags and its payment totals, in one query. */
export async function getCreator(tx: DbOrTx, options: { org_id: string; id: string }) {
  const row = tx.$with('row').as(
    tx
      .select(getTableColumns(creators))
      .from(creators)
      .where(and(eq(creators.org_id, options.org_id), eq(creators.id, options.id))),
  );
  const extras = rowExtras(tx, 'row', options.org_id);
  const [found] = await joinExtras(
    tx
      .with(row)
      .select({ ...cteColumns(row), ...extras.fields })
      .from(row)
      .$dynamic(),
    extras,
    row.id,
  );
  if (!found) throw new AppError('not_found', creatorMessages.notFound);
  const { tags: tagRefs, payments_count, amount_paid, ...creator } = found;
  return toCreatorRecord(creator, tagRefs, { payments_count, amount_paid });
}

/** The columns a row of the creators table needs: no secrets are even read. */
export const listColumns = {
  id: creators.id,
  email: creators.email,
  entity_type: creators.entity_type,
  first_name: creators.first_name,
  last_name: creators.last_name,
  business_name: creators.business_name,
  is_active: creators.is_active,
  invitation: creators.invitation,
  selected_payment_method: creators.selected_payment_method,
  created_at: creators.created_at,
};

/**
 * Each creator's tags and payment totals (posted payments' sum), for the rows of the CTE named
 * `rowsName`: the list page and the profile answer in one round trip. The only place these rules
 * are written. Set-based (one grouped read of the rows' enrollments and one of their payments),
 * not three subqueries per row: a page of 50 costs about what a page without them does, and
 * PostgreSQL keeps one generic plan of the statement (docs/performance.md).
 */
export function rowExtras(db: DbOrTx, rowsName: string, orgId: string | Placeholder) {
  const rowIds = sql`(SELECT id FROM ${sql.identifier(rowsName)})`;
  const rowTags = db
    .select({
      creator_id: tagEnrollments.creator_id,
      tags: sql<TagRef[]>`json_agg(json_build_object('id', ${tags.id}, 'label', ${tags.label}) ORDER BY ${tags.label})`.as('tags'),
    })
    .from(tagEnrollments)
    .innerJoin(tags, eq(tags.id, tagEnrollments.tag_id))
    .where(and(eq(tagEnrollments.org_id, orgId), inArray(tagEnrollments.creator_id, rowIds)))
    .groupBy(tagEnrollments.creator_id)
    .as('row_tags');
  const rowTotals = db
    .select({
      recipient: payments.recipient,
      payments_count: count().as('payments_count'),
      // A sum of bigints is numeric (a string to the driver); the cents fit a bigint.
      amount_paid: sql<number>`(sum(${payments.amount}) FILTER (WHERE ${payments.status} = 'succeeded'))::bigint`.as('amount_paid'),
    })
    .from(payments)
    .where(and(eq(payments.org_id, orgId), not(payments.is_deleted), inArray(payments.recipient, rowIds)))
    .groupBy(payments.recipient)
    .as('row_totals');
  const fields = {
    tags: sql<TagRef[]>`coalesce(${rowTags.tags}, '[]')`,
    payments_count: sql<number>`coalesce(${rowTotals.payments_count}, 0)`.mapWith(Number),
    amount_paid: sql<number>`coalesce(${rowTotals.amount_paid}, 0)`.mapWith(Number),
  };
  return { rowTags, rowTotals, fields };
}

/** A CTE's columns as a select's fields: read through the CTE's name, not the table's. */
export function cteColumns<Fields extends Record<string, unknown>>(cte: { _: { selectedFields: Fields } }): Fields {
  return Object.fromEntries(Object.keys(cte._.selectedFields).map((key) => [key, (cte as unknown as Fields)[key]])) as Fields;
}

/** Joins the extras to a select of the rows (whose id column is `rowId`), newest first. */
export function joinExtras<Query extends PgSelect>(query: Query, extras: ReturnType<typeof rowExtras>, rowId: AnyPgColumn) {
  return query
    .leftJoin(extras.rowTags, eq(extras.rowTags.creator_id, rowId))
    .leftJoin(extras.rowTotals, eq(extras.rowTotals.recipient, rowId));
}

type PageShape = {
  cursor: boolean;
  search: boolean;
  short: boolean;
  active: boolean;
  from: boolean;
  to: boolean;
  tag: boolean;
  limit: number;
};

/**
 * The page query of one shape (by cursor or by page number, with or without a search or an
 * is_active filter, and its size), prepared once per database: the list answers every request
 * with one statement that Drizzle has already built and PostgreSQL has already parsed. The limit
 * is written into the statement (page_size is 1-100, and the app asks for one size): with it a
 * parameter, PostgreSQL cannot cost a generic plan and plans the statement again on every call.
 * The search pattern and the offset are hidden from the planner for the same reason
 * (unseenByPlanner).
 */
function preparePage(db: Db, shape: PageShape) {
  const orgId = sql.placeholder('org_id');
  const where = creatorsWhere({
    org_id: orgId,
    is_active: shape.active ? sql.placeholder('is_active') : undefined,
    search: shape.search ? unseenByPlanner(sql.placeholder('search'), 'text') : undefined,
    search_word: shape.short ? unseenByPlanner(sql.placeholder('search_word'), 'text') : undefined,
    created_from: shape.from ? sql.placeholder('created_from') : undefined,
    created_to: shape.to ? sql.placeholder('created_to') : undefined,
    tag_id: shape.tag ? sql.placeholder('tag_id') : undefined,
  });
  const newestFirst = [desc(creators.created_at), desc(creators.id)];
  const columns = { ...listColumns, cursor_us: cursorMicros(creators.created_at).as('cursor_us') };
  const name = `creators_page_${shape.cursor ? 'cursor' : 'number'}${shape.search ? '_search' : ''}${shape.short ? '_short' : ''}${shape.active ? '_active' : ''}${shape.from ? '_from' : ''}${shape.to ? '_to' : ''}${shape.tag ? '_tag' : ''}_${shape.limit}`;
  const position = { created_us: sql.placeholder('created_us'), id: sql.placeholder('cursor_id') };
  const rows = shape.cursor
    ? db
        .select({ ...columns, total: sql<number | null>`NULL::bigint`.as('total') })
        .from(creators)
        .where(and(where, afterPosition(creators.created_at, creators.id, position)))
        .orderBy(...newestFirst)
        .limit(literalLimit(shape.limit))
    : pageByNumber(db, { columns, where, orgId, limit: shape.limit, search: shape.search });
  const page = db.$with('page').as(rows);
  const extras = rowExtras(db, 'page', orgId);
  const query = joinExtras(
    db
      .with(page)
      .select({ ...cteColumns(page), ...extras.fields })
      .from(page)
      .$dynamic(),
    extras,
    page.id,
  ).orderBy(desc(page.created_at), desc(page.id));
  return preparedRows<PageRow>(db, name, query);
}

/**
 * A page asked for by number: its ids first, on the index alone, then only those rows. A search
 * reads all its matches to sort them, so its match count rides along as a window over them. A
 * plain page's ids stop at the page's end on the (org_id, created_at, id) index, and its total is
 * one count of the organisation's rows beside them: as a window, the count made PostgreSQL read
 * and sort every row to hand back 51 (8.5 of the first page's 10 ms over 10,000 creators).
 */
function pageByNumber(
  db: Db,
  options: {
    columns: typeof listColumns & { cursor_us: SQL.Aliased<string> };
    where: SQL;
    orgId: Placeholder;
    limit: number;
    search: boolean;
  },
) {
  const total = options.search
    ? sql<number | null>`count(*) OVER ()`
    : sql<number | null>`(${db.select({ total: count() }).from(creators).where(options.where)})`;
  const pageIds = db
    .select({ id: creators.id, total: total.as('total') })
    .from(creators)
    .where(options.where)
    .orderBy(desc(creators.created_at), desc(creators.id))
    .limit(literalLimit(options.limit))
    .offset(unseenByPlanner(sql.placeholder('offset'), 'bigint') as unknown as Placeholder)
    .as('page_ids');
  return db
    .select({ ...options.columns, total: pageIds.total })
    .from(creators)
    .innerJoin(pageIds, eq(pageIds.id, creators.id))
    .where(eq(creators.org_id, options.orgId));
}

/** A page row as node-postgres parses it: created_at a Date, counts and sums numbers, tags parsed. */
export type PageRow = Omit<CreatorListItem, 'created_at'> & { created_at: Date; cursor_us: string; total: number | null };

const pageQuery = preparedPerShape(preparePage);

/** The organisation's creators matching `filters`, counted apart (for a page past the last row). */
async function countCreators(db: DbOrTx, filters: ListFilters): Promise<number> {
  const [counted] = await db.select({ total: count() }).from(creators).where(creatorsWhere(filters));
  return counted?.total ?? 0;
}

/**
 * A list item from a page row, field by field: an object rest (`{ cursor_us, total, ...row }`)
 * copies through a V8 runtime call per row, which took 8% of the list's Node CPU under load.
 */
export function toListItem(row: PageRow): CreatorListItem {
  return {
    id: row.id,
    email: row.email,
    entity_type: row.entity_type,
    first_name: row.first_name,
    last_name: row.last_name,
    business_name: row.business_name,
    is_active: row.is_active,
    invitation: row.invitation,
    selected_payment_method: row.selected_payment_method,
    tags: row.tags,
    payments_count: row.payments_count,
    amount_paid: row.amount_paid,
    created_at: row.created_at.toISOString(),
  };
}

/**
 * One page of an organisation's creators, newest first, optionally searched by email or name
 * (anywhere in them; a one- or two-letter term at the start of the email or of a name's word).
 * After a cursor (starting_after) the page is found by keyset; a page number (the spec's calls)
 * finds its ids on the index alone and reads only those rows. The total is counted only for a
 * page number: a client paging by cursor has it from its first page.
 */
export async function listCreators(
  db: Db,
  options: {
    org_id: string;
    page: number;
    page_size: number;
    starting_after?: string | undefined;
    search?: string | undefined;
    is_active?: boolean | undefined;
    created_from?: string | undefined;
    created_to?: string | undefined;
    tag_id?: string | undefined;
  },
): Promise<CreatorPage> {
  const position = options.starting_after ? decodeCursor(options.starting_after) : null;
  const filters = {
    org_id: options.org_id,
    is_active: options.is_active,
    ...searchPatterns(options.search),
    created_from: options.created_from,
    created_to: options.created_to,
    tag_id: options.tag_id,
  };
  const page = pageQuery(db, {
    cursor: position !== null,
    search: filters.search !== undefined,
    short: filters.search_word !== undefined,
    active: filters.is_active !== undefined,
    from: filters.created_from !== undefined,
    to: filters.created_to !== undefined,
    tag: filters.tag_id !== undefined,
    limit: options.page_size + 1,
  });
  const found = await page.execute({
    ...filters,
    offset: options.page * options.page_size,
    created_us: position?.created_us,
    cursor_id: position?.id,
  });
  const { rows, has_more, next_cursor } = keysetPage(found, options.page_size);
  return {
    data: rows.map(toListItem),
    total: position ? null : await pageNumberTotal(found, options.page, () => countCreators(db, filters)),
    page: options.page,
    page_size: options.page_size,
    has_more,
    next_cursor,
  };
}
