import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CreatorPage } from '@crewpay/core';
import { api } from '../api-client.ts';
import { creatorKeys } from './keys.ts';

export const getCreators = (options: { page: number; search: string }) =>
  api.get<CreatorPage>('/v1/creators', { query: { page: options.page, page_size: 50, search: options.search || undefined } });

/** GET /v1/creators: one page of 50, searched on the server. */
export function useCreators(options: { page: number; search: string }) {
  return useQuery({
    queryKey: creatorKeys.list(options.page, options.search),
    queryFn: () => getCreators(options),
    placeholderData: keepPreviousData,
    meta: { errorMessage: 'There was an issue getting your creators' },
  });
}
