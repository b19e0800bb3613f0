import { and, count, desc, eq, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { creatorMessages, type CreatorPage } from '@crewpay/core';
import type { DbOrTx } from '../../db/client.ts';
import { creators, type Creator } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { afterPosition, cursorMicros, decodeCursor, keysetPage } from '../../lib/keyset.ts';
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
  const [found] = await tx
    .select({ creator: creators, ...rowExtras })
    .from(creators)
    .where(and(eq(creators.org_id, options.org_id), eq(creators.id, options.id)));
  if (!found) throw new AppError('not_found', creatorMessages.notFound);
  return toCreatorRecord(found.creator, found.tags, { payments_count: found.payments_count, amount_paid: found.amount_paid });
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
 * Each creator's tags and payment totals (posted payments' sum), read in the query of the row
 * itself (correlated subqueries over the tag and recipient indexes): the list page and the profile
 * answer in one round trip. The only place these rules are written.
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
