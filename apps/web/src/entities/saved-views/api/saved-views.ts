import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { CreateSavedViewBody, SavedViewList, SavedViewRecord } from '@crewpay/core';
import { api } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';

/** A person's saved views of one list (its filters as a URL query string). */
const savedViewKeys = { list: (list: SavedViewList) => ['saved_views', list] as const };

function savedViewsQuery(list: SavedViewList) {
  return queryOptions({
    queryKey: savedViewKeys.list(list),
    queryFn: () => api.get<SavedViewRecord[]>('/v1/saved_views', { query: { list } }),
    meta: { errorMessage: 'There was an issue retrieving your saved views' },
  });
}

export function useSavedViews(list: SavedViewList, enabled: boolean) {
  return useQuery({ ...savedViewsQuery(list), enabled });
}

export function useSaveView(list: SavedViewList) {
  return useMutation({
    mutationFn: (body: Omit<CreateSavedViewBody, 'list'>) => api.post<SavedViewRecord>('/v1/saved_views', { ...body, list }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedViewKeys.list(list) }),
  });
}

export function useDeleteView(list: SavedViewList) {
  return useMutation({
    mutationFn: (id: string) => api.delete<{ message: string }>(`/v1/saved_views/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedViewKeys.list(list) }),
  });
}
