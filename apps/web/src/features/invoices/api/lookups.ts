import { useQuery } from '@tanstack/react-query';
import type { CampaignPage, PaymentsPage } from '@crewpay/core';
import { api } from '../../../lib/api-client.ts';

/** The campaign pick of New Invoice (the newest 100 campaigns). */
export function useCampaignChoices() {
  return useQuery({
    queryKey: ['campaigns', 'choices'],
    queryFn: () => api.get<CampaignPage>('/v1/campaigns', { query: { page: 0, page_size: 100 } }),
  });
}

/** The campaign's payments an invoice may fund. */
export function useCampaignPayments(campaignId: string) {
  return useQuery({
    queryKey: ['payments', 'campaign', campaignId],
    queryFn: () => api.get<PaymentsPage>('/v1/payments', { query: { payment_group_id: campaignId, page: 0, page_size: 100 } }),
    enabled: Boolean(campaignId),
  });
}
