import { useQuery } from '@tanstack/react-query';
import type { CampaignPage, InvoicePage, PaymentsPage } from '@crewpay/core';
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

/**
 * The campaign's payments its invoices already fund, each with the funding invoice's title: a
 * payment funds one invoice at most (the server answers 409 otherwise), a funded payment belongs
 * to its invoice's campaign and a canceled invoice funds none, so the campaign's invoices say it.
 */
export function useCampaignFundedPayments(campaignId: string) {
  return useQuery({
    queryKey: ['invoices', 'funded-by-campaign', campaignId],
    queryFn: () => api.get<InvoicePage>('/v1/invoices', { query: { tab: 'all', payment_group_id: campaignId, page: 0, page_size: 500 } }),
    select: (page) => new Map(page.invoices.flatMap((invoice) => invoice.funded_payments.map((id) => [id, invoice.title] as const))),
    enabled: Boolean(campaignId),
  });
}
