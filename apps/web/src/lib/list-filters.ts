import { useSearchParams } from 'react-router';

/**
 * A list's filters as its URL keeps them (?created_from=2026-01-01&amount_min=5000&search=acme):
 * days are UTC days (YYYY-MM-DD), amounts are cents. A value the server would refuse is left
 * out, so a hand-edited link shows the list rather than an error.
 */
export type ListFilters = {
  created_from?: string | undefined;
  created_to?: string | undefined;
  amount_min?: number | undefined;
  amount_max?: number | undefined;
  search?: string | undefined;
};
type ListFilterKey = keyof ListFilters;

export const allListFilterKeys: readonly ListFilterKey[] = ['created_from', 'created_to', 'amount_min', 'amount_max', 'search'];

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const CENTS = /^\d{1,11}$/;
const MAX_SEARCH = 200;

const readers: Record<ListFilterKey, (value: string) => string | number | undefined> = {
  created_from: (value) => (DAY.test(value) ? value : undefined),
  created_to: (value) => (DAY.test(value) ? value : undefined),
  amount_min: (value) => (CENTS.test(value) ? Number(value) : undefined),
  amount_max: (value) => (CENTS.test(value) ? Number(value) : undefined),
  search: (value) => (value.trim() ? value.trim().slice(0, MAX_SEARCH) : undefined),
};

/** The filters of `keys` set in the URL; only the set ones, so an unfiltered list keeps its query key. */
export function listFiltersOf(params: URLSearchParams, keys: readonly ListFilterKey[] = allListFilterKeys): ListFilters {
  const filters: Record<string, string | number> = {};
  for (const key of keys) {
    const raw = params.get(key);
    const value = raw === null ? undefined : readers[key](raw);
    if (value !== undefined) filters[key] = value;
  }
  return filters as ListFilters;
}

/** The filters as URL parameters (unset ones left out). */
export function listFiltersParams(filters: ListFilters): Record<string, string> {
  return Object.fromEntries(
    Object.entries(filters)
      .filter(([, value]) => value !== undefined && value !== '')
      .map(([key, value]) => [key, String(value)]),
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Reads an id filter (a tag, a customer): an id the server would refuse is left out. */
export const idFilter = (value: string) => (UUID.test(value) ? value : undefined);

/** A list's own filters beyond the shared ones (?tag_id=): each key's reader answers a value the server takes, or undefined. */
type OwnFilterReaders<Own extends string> = Readonly<Record<Own, (value: string) => string | undefined>>;

function ownFiltersOf<Own extends string>(params: URLSearchParams, own: OwnFilterReaders<Own>): Partial<Record<Own, string>> {
  const filters: Partial<Record<Own, string>> = {};
  for (const key of Object.keys(own) as Own[]) {
    const raw = params.get(key);
    const value = raw === null ? undefined : own[key](raw);
    if (value !== undefined) filters[key] = value;
  }
  return filters;
}

/**
 * A list page's URL-backed filters: reads them (the shared `keys` and the list's `own`), and writes new ones over the old while keeping
 * the URL's other parameters (the tab); shows a saved view's whole query. A filter change replaces the history entry, as typing
 * in the search box would otherwise push one entry per pause.
 */
export function useListFilters<Own extends string = never>(
  keys: readonly ListFilterKey[] = allListFilterKeys,
  own: OwnFilterReaders<Own> = {} as OwnFilterReaders<Own>,
) {
  type Filters = ListFilters & Partial<Record<Own, string>>;
  const [params, setParams] = useSearchParams();
  const filters: Filters = { ...listFiltersOf(params, keys), ...ownFiltersOf(params, own) };
  const setFilters = (next: Filters) =>
    setParams(
      (current) => {
        const kept = new URLSearchParams(current);
        for (const key of [...allListFilterKeys, ...Object.keys(own)]) kept.delete(key);
        for (const [key, value] of Object.entries(listFiltersParams(next))) kept.set(key, value);
        return kept;
      },
      { replace: true },
    );
  /** One other parameter (the tab) changed, the filters kept. */
  const setParam = (key: string, value: string) =>
    setParams(
      (current) => {
        const kept = new URLSearchParams(current);
        kept.set(key, value);
        return kept;
      },
      { replace: true },
    );
  /** A whole query string (a saved view's) in place of the URL's: a new history entry, so Back undoes it. */
  const showQuery = (query: string) => setParams(new URLSearchParams(query));
  return { filters, setFilters, setParam, showQuery, params };
}
