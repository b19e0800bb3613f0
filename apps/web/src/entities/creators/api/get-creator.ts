import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CreatorRecord } from '@crewpay/core';
import { api } from '../../../lib/api-client.ts';
import { creatorKeys } from './keys.ts';

export const getCreator = (id: string) => api.get<CreatorRecord>(`/v1/creators/${id}`);

function creatorQuery(id: string) {
  return queryOptions({
    queryKey: creatorKeys.one(id),
    queryFn: () => getCreator(id),
    meta: { errorMessage: 'There was an issue getting your creators' },
  });
}

export function useCreator(id: string) {
  return useQuery(creatorQuery(id));
}
