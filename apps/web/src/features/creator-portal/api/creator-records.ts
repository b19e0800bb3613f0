import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { portalMessages, type CreatorUserRecord, type CreatorUserUpdateBody } from '@crewpay/core';
import { api } from '../../../lib/api-client.ts';
import { portalHomeKey } from './portal-home.ts';

const creatorRecordsKey = ['creators', 'user'] as const;

/** GET /v1/creators/user: the signed-in creator's record in each organisation (secrets masked). */
export function useCreatorRecords() {
  return useQuery({
    queryKey: creatorRecordsKey,
    queryFn: () => api.get<CreatorUserRecord[]>('/v1/creators/user'),
    meta: { errorMessage: portalMessages.fetchFailed },
  });
}

/** PUT /v1/creators/user/{id}; the creators are then reloaded (and the home's to-dos with them). */
export function useUpdateCreatorRecord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreatorUserUpdateBody & { id: string }) => api.put<CreatorUserRecord>(`/v1/creators/user/${body.id}`, body),
    meta: { errorMessage: portalMessages.updateFailed, successMessage: portalMessages.updated },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: creatorRecordsKey });
      await queryClient.invalidateQueries({ queryKey: portalHomeKey });
      await queryClient.invalidateQueries({ queryKey: ['portal', 'payments'] });
    },
  });
}
