import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SearchAnswer } from '@crewpay/core';
import { api } from '../../../lib/api-client.ts';

/** Shorter than this, a query would match half the organisation: the palette shows its actions only. */
export const MIN_SEARCH_LENGTH = 2;

/** GET /v1/search: the organisation's creators, payments, invoices, campaigns and contracts matching `q`. */
export function useSearch(q: string) {
  return useQuery({
    queryKey: ['search', q] as const,
    queryFn: ({ signal }) => api.get<SearchAnswer>('/v1/search', { query: { q }, signal }),
    enabled: q.length >= MIN_SEARCH_LENGTH,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
    meta: { errorMessage: 'There was an issue searching' },
  });
}
