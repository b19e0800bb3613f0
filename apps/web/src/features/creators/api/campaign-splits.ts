import { useMutation, useQuery } from '@tanstack/react-query';
import {
  campaignSplitMessages,
  type CampaignPage,
  type CampaignSplitRecord,
  type CreateCampaignSplitBody,
  type UpdateCampaignSplitBody,
} from '@crewpay/core';
import { api } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { creatorKeys } from '../../../entities/creators/index.ts';

/** The campaigns a split can be set for (the newest 100, as the other campaign picks). */
export function useSplitCampaignChoices() {
  return useQuery({
    queryKey: ['campaigns', 'split-choices'],
    queryFn: () => api.get<CampaignPage>('/v1/campaigns', { query: { page: 0, page_size: 100 } }),
    meta: { errorMessage: 'There was an issue retrieving your campaigns' },
  });
}

type SaveInput = { id: string | null; body: CreateCampaignSplitBody | UpdateCampaignSplitBody };

/** POST a new campaign split, or PUT the percents of an existing one (id). */
export function useSaveCampaignSplit(creatorId: string) {
  const url = `/v1/creators/${creatorId}/campaign_splits`;
  return useMutation({
    mutationFn: ({ id, body }: SaveInput) =>
      id ? api.put<CampaignSplitRecord>(`${url}/${id}`, body) : api.post<CampaignSplitRecord>(url, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: creatorKeys.campaignSplits(creatorId) }),
    meta: { errorMessage: 'There was an issue saving this campaign split', successMessage: campaignSplitMessages.saved },
  });
}

export function useRemoveCampaignSplit(creatorId: string) {
  return useMutation({
    mutationFn: (id: string) => api.delete<{ message: string }>(`/v1/creators/${creatorId}/campaign_splits/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: creatorKeys.campaignSplits(creatorId) }),
    meta: { errorMessage: 'There was an issue removing this campaign split', successMessage: campaignSplitMessages.removed },
  });
}
