import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CampaignPage } from '@crewpay/core';
import { api } from '../../../lib/api-client.ts';

/**
 * GET /v1/campaigns?person_id: the campaigns where the agent or manager is the agent, is paid, or
 * manages a creator who is. Under the campaigns key, so a campaign change refreshes it too.
 */
export function usePersonCampaigns(personId: string, options: { page: number; cursor?: string | undefined }) {
  return useQuery({
    queryKey: ['campaigns', 'person', personId, options.page, options.cursor] as const,
    queryFn: () =>
      api.get<CampaignPage>('/v1/campaigns', {
        query: { person_id: personId, page: options.page, page_size: 50, starting_after: options.cursor },
      }),
    placeholderData: keepPreviousData,
    meta: { errorMessage: 'There was an issue retrieving your campaigns' },
  });
}
