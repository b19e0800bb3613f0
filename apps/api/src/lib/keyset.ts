import { and, desc, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.ts';
import { AppError } from './errors.ts';
import { UUID_PATTERN } from './ids.ts';

/**
 * Paging by keyset (Stripe's `starting_after`): a page starts after the last row of the page
 * before, found through the (org_id, created_at, id) index, so page 200 costs what page 1 does.
 * The cursor is opaque to clients: the row's created_at in whole microseconds since the epoch
 * (exact, unlike a JavaScript Date's milliseconds) and its id.
 */
export type KeysetPosition = { created_us: string; id: string };

const INVALID_CURSOR = 'Invalid cursor';

export function encodeCursor(position: KeysetPosition): string {
  return Buffer.from(`${position.created_us}.${position.id}`, 'utf8').toString('base64url');
}

export function decodeCursor(cursor: string): KeysetPosition {
  const [created_us, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('.');
  if (!created_us || !/^-?\d{1,17}$/.test(created_us) || !id || !UUID_PATTERN.test(id)) {
    throw new AppError('validation_error', INVALID_CURSOR, { field: 'starting_after' });
  }
  return { created_us, id };
}

/** The column to select beside each row so its cursor can be made. */
export const cursorMicros = (createdAt: AnyPgColumn) => sql<string>`(extract(epoch from ${createdAt}) * 1000000)::bigint::text`;

/**
 * A LIMIT written into a prepared statement's text instead of sent as a parameter: with
 * `LIMIT $n` PostgreSQL cannot cost a generic plan, so it plans the statement again on every
 * execution. Drizzle writes an SQL object given to `.limit()` as it is (its type says only
 * number or placeholder, hence the cast); `rows` is checked to be a plain count first.
 */
export function literalLimit(rows: number): Placeholder {
  if (!Number.isSafeInteger(rows) || rows < 0) throw new Error(`Not a row count: ${rows}`);
  return sql.raw(String(rows)) as unknown as Placeholder;
}

/**
 * A prepared statement's parameter read through a one-row subquery, so that no plan can see its
 * value: PostgreSQL then costs its custom plans as it costs the generic one, and after five
 * executions keeps the generic plan instead of planning the statement again on every call. For a
 * value whose estimate swings (a search pattern: one match or all; an OFFSET), where each custom
 * plan looked cheaper and planning cost more than running (docs/performance.md). The subquery
 * runs once per execution, and an index condition still uses its value.
 */
export function unseenByPlanner(placeholder: Placeholder, type: 'text' | 'bigint'): SQL {
  return sql`(SELECT ${placeholder}::${sql.raw(type)})`;
}

/** Rows after the position in newest-first order: (created_at, id) below the cursor's. */
export function afterPosition(
  createdAt: AnyPgColumn,
  id: AnyPgColumn,
  position: KeysetPosition | { created_us: Placeholder; id: Placeholder },
): SQL {
  return sql`(${createdAt}, ${id}) < (timestamptz 'epoch' + ${position.created_us}::bigint * interval '1 microsecond', ${position.id}::uuid)`;
}

/**
 * A list's sort key: newest first, the id breaking ties within one microsecond. ORDER BY ... DESC
 * puts nulls first, so the indexes are declared `.desc().nullsFirst()`: an index with the other
 * null order cannot give this order, and PostgreSQL would read and sort every row after the cursor.
 */
export type KeysetColumns = { table: PgTable; created_at: AnyPgColumn; id: AnyPgColumn };

export const newestFirst = (columns: KeysetColumns) => [desc(columns.created_at), desc(columns.id)];

/**
 * The WHERE of one page, to be read ORDER BY newestFirst LIMIT page_size + 1 (the extra row tells
 * whether more follow). After a cursor: the rows below it, found on the (org_id, created_at, id)
 * index. By page number (the spec's `?page=`): a deferred join, the page's ids found first by an
 * index-only scan with OFFSET, and only those rows read. `scope` is the caller's org filter, kept
 * on the outer query too so a row can only ever come from the caller's organisation.
 */
export function pageWhere(
  db: DbOrTx,
  columns: KeysetColumns,
  options: { scope: SQL; where: SQL | undefined; starting_after?: string | undefined; page: number; page_size: number },
): SQL | undefined {
  if (options.starting_after) {
    return and(options.where, afterPosition(columns.created_at, columns.id, decodeCursor(options.starting_after)));
  }
  const pageIds = db
    .select({ id: columns.id })
    .from(columns.table)
    .where(options.where)
    .orderBy(...newestFirst(columns))
    .limit(options.page_size + 1)
    .offset(options.page * options.page_size);
  return and(options.scope, inArray(columns.id, pageIds));
}

/**
 * Trims the extra row a page query fetched (limit + 1) and answers whether more follow and the
 * cursor of the page's last row.
 */
export function keysetPage<Row extends { id: string; cursor_us: string }>(
  rows: Row[],
  pageSize: number,
): { rows: Row[]; has_more: boolean; next_cursor: string | null } {
  const page = rows.slice(0, pageSize);
  const last = page[page.length - 1];
  const has_more = rows.length > pageSize;
  return { rows: page, has_more, next_cursor: has_more && last ? encodeCursor({ created_us: last.cursor_us, id: last.id }) : null };
}

/**
 * The total of a page asked for by number, counted beside its rows (each row carries it): a page
 * past the last row has no row to carry it, so only then is it counted apart.
 */
export async function pageNumberTotal(found: { total: number | null }[], page: number, countApart: () => Promise<number>): Promise<number> {
  const carried = found[0]?.total;
  if (carried !== undefined && carried !== null) return carried;
  return page === 0 ? 0 : countApart();
}

const escapeLike = (term: string) => term.replace(/[\\%_]/g, (char) => `\\${char}`);

/** `term` as a LIKE pattern matching it anywhere, its own %, _ and backslash matched as themselves. */
export const containsPattern = (term: string) => `%${escapeLike(term)}%`;

/**
 * A term this short (one or two characters) has no trigram of its own: '%a%' gives the trigram
 * index nothing to look up, so PostgreSQL read the whole index, every organisation's rows (46-70
 * ms over 10,000 creators, docs/performance.md). Such a term matches the start of a word instead
 * when it starts with a letter or digit (a word's first trigram); '%' or '@' alone are still
 * looked for anywhere, which no pattern of theirs could narrow.
 */
export const isShortTerm = (term: string) => term.length < 3 && /^[\p{L}\p{N}]/u.test(term);

/**
 * A short term as two LIKE patterns: the start of the searched text, and the start of a word after
 * a space in it. pg_trgm pads a word's start ("  a", " ab"), so both patterns give the trigram
 * index a trigram to look up and only the rows with such a word are read.
 */
export const wordStartPatterns = (term: string) => ({ start: `${escapeLike(term)}%`, word: `% ${escapeLike(term)}%` });
