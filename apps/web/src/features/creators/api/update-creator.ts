import { useMutation } from '@tanstack/react-query';
import type { CreatorRecord, UpdateCreatorBody } from '@crewpay/core';
import { api } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { creatorKeys } from '../../../entities/creators/index.ts';

const updateCreator = (id: string, changes: Omit<UpdateCreatorBody, 'id'>) =>
  api.put<CreatorRecord>(`/v1/creators/${id}`, { id, ...changes });

/** PUT /v1/creators/{id} with the id plus the changed fields only. */
export function useUpdateCreator(id: string, options: { successMessage?: string } = {}) {
  return useMutation({
    mutationFn: (changes: Omit<UpdateCreatorBody, 'id'>) => updateCreator(id, changes),
    onSuccess: async (creator) => {
      queryClient.setQueryData(creatorKeys.one(id), creator);
      await queryClient.invalidateQueries({ queryKey: [...creatorKeys.all, 'list'] });
    },
    meta: {
      errorMessage: 'There was an issue updating the creator',
      ...(options.successMessage ? { successMessage: options.successMessage } : {}),
    },
  });
}
