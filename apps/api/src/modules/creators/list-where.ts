import { and, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { creators, tagEnrollments } from '../../db/schema/index.ts';
import { containsPattern, isShortTerm, wordStartPatterns } from '../../lib/keyset.ts';
import { createdWithin } from '../../lib/list-filters.ts';

/** The filters of a creators list; each value may be a prepared statement's placeholder. */
export type ListFilters = {
  org_id: string | Placeholder;
  is_active?: boolean | Placeholder | undefined;
  search?: string | SQL | undefined;
  /** A short term's second pattern, the start of a word (lib/keyset.ts, wordStartPatterns): `search` then holds the first. */
  search_word?: string | SQL | undefined;
  /** Days created (UTC), lib/list-filters.ts createdWithin. */
  created_from?: string | Placeholder | undefined;
  created_to?: string | Placeholder | undefined;
  tag_id?: string | Placeholder | undefined;
};

/** Only the creators enrolled in the tag, found on tag_enrollments within the organisation. */
function taggedWith(filters: ListFilters & { tag_id: string | Placeholder }): SQL {
  return sql`EXISTS (SELECT 1 FROM ${tagEnrollments} WHERE ${tagEnrollments.org_id} = ${creators.org_id}
    AND ${tagEnrollments.creator_id} = ${creators.id} AND ${tagEnrollments.tag_id} = ${filters.tag_id}::uuid)`;
}

/** The WHERE of a creators list (a page or the export). */
export function creatorsWhere(filters: ListFilters): SQL {
  const conditions: SQL[] = [eq(creators.org_id, filters.org_id)];
  if (filters.is_active !== undefined) conditions.push(eq(creators.is_active, filters.is_active));
  // search_text is the lower-cased email and names, trigram-indexed for %term% matches.
  if (filters.search !== undefined && filters.search_word !== undefined)
    conditions.push(sql`(${creators.search_text} LIKE ${filters.search} OR ${creators.search_text} LIKE ${filters.search_word})`);
  else if (filters.search !== undefined) conditions.push(sql`${creators.search_text} LIKE ${filters.search}`);
  conditions.push(...createdWithin(creators.created_at, { created_from: filters.created_from, created_to: filters.created_to }));
  if (filters.tag_id !== undefined) conditions.push(taggedWith({ ...filters, tag_id: filters.tag_id }));
  return and(...conditions)!;
}

/**
 * The search box's LIKE patterns: anywhere in the text, or for a one- or two-character term the
 * start of a word (lib/keyset.ts isShortTerm), `search` then the first pattern.
 */
export function searchPatterns(search: string | undefined): { search?: string; search_word?: string } {
  const term = search?.trim().toLowerCase();
  if (!term) return {};
  if (!isShortTerm(term)) return { search: containsPattern(term) };
  const words = wordStartPatterns(term);
  return { search: words.start, search_word: words.word };
}
