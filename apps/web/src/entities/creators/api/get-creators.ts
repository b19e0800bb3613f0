import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CreatorPage } from '@crewpay/core';
import { api } from '../../../lib/api-client.ts';
import { downloadWithSession } from '../../../lib/download-file.ts';
import { listFiltersParams, type ListFilters } from '../../../lib/list-filters.ts';
import { creatorKeys } from './keys.ts';

/** The days created and the tag of /creators' filter bar (its search is the list's `search`). */
type CreatorDays = Pick<ListFilters, 'created_from' | 'created_to'> & { tag_id?: string | undefined };
type ListOptions = { page: number; cursor?: string | undefined; search: string; days?: CreatorDays };

export const getCreators = (options: ListOptions) =>
  api.get<CreatorPage>('/v1/creators', {
    query: { page: options.page, page_size: 50, starting_after: options.cursor, search: options.search || undefined, ...options.days },
  });

/** creators_report.csv of every creator the list's filters match (the server streams them all). */
export async function downloadCreatorsReport(filters: ListFilters & { tag_id?: string | undefined }): Promise<void> {
  const params = new URLSearchParams(listFiltersParams(filters));
  await downloadWithSession(`/v1/creators/export?${params.toString()}`, 'creators_report.csv');
}

/** GET /v1/creators: one page of 50, searched on the server; after page 0 by cursor. */
export function creatorsQuery(options: ListOptions) {
  return queryOptions({
    queryKey: creatorKeys.list(options.page, options.search, options.cursor, options.days),
    queryFn: () => getCreators(options),
    placeholderData: keepPreviousData,
    meta: { errorMessage: 'There was an issue getting your creators' },
  });
}

export function useCreators(options: ListOptions) {
  return useQuery(creatorsQuery(options));
}
