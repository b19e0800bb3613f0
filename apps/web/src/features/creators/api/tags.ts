import { useMutation, useQuery } from '@tanstack/react-query';
import type { CreatorRecord, EnrollmentRecord, TagRecord } from '@crewpay/core';
import { api } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { creatorKeys } from '../../../entities/creators/index.ts';

/** GET /v1/tags: the organisation's tags, offered when tagging a creator. */
export function useTags() {
  return useQuery({
    queryKey: creatorKeys.tags,
    queryFn: () => api.get<TagRecord[]>('/v1/tags'),
    meta: { errorMessage: 'There was an issue retrieving your Tags' },
  });
}

const enrollmentsKey = (creatorId: string) => [...creatorKeys.tags, 'enrollments', creatorId] as const;

/** GET /v1/tags/enrollments?creator_id: the creator's own tags, the spec's call for the Tags card. */
export function useCreatorTags(creatorId: string) {
  return useQuery({
    queryKey: enrollmentsKey(creatorId),
    queryFn: () => api.get<EnrollmentRecord[]>('/v1/tags/enrollments', { query: { creator_id: creatorId } }),
    meta: { errorMessage: "There was an issue getting this Creator's Tags" },
  });
}

const refreshCreator = async (creatorId: string) => {
  await queryClient.invalidateQueries({ queryKey: enrollmentsKey(creatorId) });
  await queryClient.invalidateQueries({ queryKey: creatorKeys.one(creatorId) });
  await queryClient.invalidateQueries({ queryKey: [...creatorKeys.all, 'list'] });
};

/** Tags a creator with a label: POST /v1/tags (a new label is created) then POST /v1/tags/enrollment. */
export function useAddTag(creator: Pick<CreatorRecord, 'id'>) {
  return useMutation({
    mutationFn: async (label: string) => {
      const [tag] = await api.post<TagRecord[]>('/v1/tags', [{ label }]);
      if (!tag) throw new Error('There was an issue creating this Tag');
      return api.post<EnrollmentRecord[]>('/v1/tags/enrollment', [{ tag_id: tag.id, creator_id: creator.id }]);
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: creatorKeys.tags });
      await refreshCreator(creator.id);
    },
    meta: { errorMessage: 'There was an issue adding this Tag' },
  });
}

/** DELETE /v1/tags/enrollment for one tag of the creator. */
export function useRemoveTag(creator: Pick<CreatorRecord, 'id'>) {
  return useMutation({
    mutationFn: (tagId: string) => api.delete<EnrollmentRecord[]>('/v1/tags/enrollment', [{ tag_id: tagId, creator_id: creator.id }]),
    onSuccess: () => refreshCreator(creator.id),
    meta: { errorMessage: 'There was an issue removing this Tag' },
  });
}
