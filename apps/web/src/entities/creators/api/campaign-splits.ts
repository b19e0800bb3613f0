import { queryOptions, useQuery } from '@tanstack/react-query';
import { campaignSplitMessages, type CampaignSplitList } from '@crewpay/core';
import { api } from '../../../lib/api-client.ts';
import { creatorKeys } from './keys.ts';

/** GET /v1/creators/{id}/campaign_splits: the creator's split per campaign (the Splits tab, the payment math). */
export function campaignSplitsQuery(creatorId: string) {
  return queryOptions({
    queryKey: creatorKeys.campaignSplits(creatorId),
    queryFn: () => api.get<CampaignSplitList>(`/v1/creators/${creatorId}/campaign_splits`),
    meta: { errorMessage: campaignSplitMessages.loadFailed },
  });
}

export function useCampaignSplits(creatorId: string) {
  return useQuery(campaignSplitsQuery(creatorId));
}
