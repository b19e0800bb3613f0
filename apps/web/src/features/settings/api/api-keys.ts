import { useMutation, useQuery } from '@tanstack/react-query';
import type { ApiTokenRecord, CreateApiTokenBody, CreatedApiToken, MessageAnswer } from '@crewpay/core';
import { api } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';

const apiKeysKey = ['org_api_token'] as const;
const refresh = () => queryClient.invalidateQueries({ queryKey: apiKeysKey });

/** GET /v1/org_api_token */
export function useApiKeys() {
  return useQuery({
    queryKey: apiKeysKey,
    queryFn: () => api.get<ApiTokenRecord[]>('/v1/org_api_token'),
    meta: { errorMessage: 'There was an issue retrieving your api keys' },
  });
}

/** POST /v1/org_api_token with the key's scopes: the answer holds the full key, shown once. */
export function useCreateApiKey() {
  return useMutation({
    mutationFn: (body: CreateApiTokenBody) => api.post<CreatedApiToken>('/v1/org_api_token', body),
    onSuccess: refresh,
    meta: { errorMessage: 'There was an issue creating your api keys', successMessage: 'API key created' },
  });
}

/** DELETE /v1/org_api_token/{key} */
export function useDeleteApiKey() {
  return useMutation({
    mutationFn: (id: string) => api.delete<MessageAnswer>(`/v1/org_api_token/${id}`),
    onSuccess: refresh,
    meta: { errorMessage: 'There was an issue deleting your api keys', successMessage: 'API key deleted' },
  });
}
