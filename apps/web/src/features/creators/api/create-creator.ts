import { useMutation } from '@tanstack/react-query';
import type { CreateCreatorBody, CreatorRecord } from '@crewpay/core';
import { trackEvent } from '../../../lib/analytics.ts';
import { api } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { creatorKeys } from '../../../entities/creators/index.ts';

const createCreator = (body: CreateCreatorBody) => api.post<CreatorRecord>('/v1/creators', body);

/** POST /v1/creators: the server also emails the creator an invitation. */
export function useCreateCreator() {
  return useMutation({
    mutationFn: createCreator,
    onSuccess: () => {
      trackEvent('creator_added');
      return queryClient.invalidateQueries({ queryKey: creatorKeys.all });
    },
    meta: { errorMessage: 'There was an issue creating this user', successMessage: 'Creator added and invited!' },
  });
}
