import { gte, like, lte, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { containsPattern, isShortTerm, wordStartPatterns } from './keyset.ts';

export type DayRange = { created_from?: string | undefined; created_to?: string | undefined };
type AmountRange = { amount_min?: number | undefined; amount_max?: number | undefined };

/**
 * A list's day range over a timestamp column. Days are UTC days: from the start of created_from
 * up to the end of created_to (the start of the next day excluded), so the (org_id, created_at)
 * index still narrows the read. The days may be a prepared statement's placeholders (the creators list).
 */
export function createdWithin(
  column: AnyPgColumn,
  range: { created_from?: string | Placeholder | undefined; created_to?: string | Placeholder | undefined },
): SQL[] {
  const filters: SQL[] = [];
  if (range.created_from) filters.push(sql`${column} >= ${range.created_from}::date::timestamp AT TIME ZONE 'UTC'`);
  if (range.created_to) filters.push(sql`${column} < (${range.created_to}::date + 1)::timestamp AT TIME ZONE 'UTC'`);
  return filters;
}

/** A list's amount range (cents, both bounds included). */
export function amountWithin(column: AnyPgColumn, range: AmountRange): SQL[] {
  const filters: SQL[] = [];
  if (range.amount_min !== undefined) filters.push(gte(column, range.amount_min));
  if (range.amount_max !== undefined) filters.push(lte(column, range.amount_max));
  return filters;
}

/**
 * A search term over lower-cased text columns (a trigram-indexed search_text where the table has
 * one): anywhere in the text, or for a one- or two-character term the start of a word (see
 * isShortTerm). Undefined for no term, so the caller's and() drops it.
 */
export function textMatches(columns: (AnyPgColumn | SQL)[], term: string | undefined): SQL | undefined {
  const search = term?.trim().toLowerCase();
  if (!search) return undefined;
  if (isShortTerm(search)) {
    const words = wordStartPatterns(search);
    return or(...columns.flatMap((column) => [like(column, words.start), like(column, words.word)]));
  }
  return or(...columns.map((column) => like(column, containsPattern(search))));
}
