import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CreatorPage } from '@crewpay/core';
import { api } from '../../../lib/api-client.ts';
import { creatorKeys } from './keys.ts';

type ListOptions = { page: number; cursor?: string | undefined; search: string };

export const getCreators = (options: ListOptions) =>
  api.get<CreatorPage>('/v1/creators', {
    query: { page: options.page, page_size: 50, starting_after: options.cursor, search: options.search || undefined },
  });

/** GET /v1/creators: one page of 50, searched on the server; after page 0 by cursor. */
export function creatorsQuery(options: ListOptions) {
  return queryOptions({
    queryKey: creatorKeys.list(options.page, options.search, options.cursor),
    queryFn: () => getCreators(options),
    placeholderData: keepPreviousData,
    meta: { errorMessage: 'There was an issue getting your creators' },
  });
}

export function useCreators(options: ListOptions) {
  return useQuery(creatorsQuery(options));
}
