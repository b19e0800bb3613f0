import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { CampaignDetail, CampaignPage, CampaignProfit, CampaignRecord, CreateCampaignBody, UpdateCampaignInput } from '@crewpay/core';
import { trackEvent } from '../../../lib/analytics.ts';
import { api } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { downloadWithSession } from '../../../lib/download-file.ts';
import { listFiltersParams } from '../../../lib/list-filters.ts';
import type { CampaignFilters } from '../lib/campaign-filters.ts';

export const campaignKeys = {
  all: ['campaigns'] as const,
  list: (filter: CampaignListFilter, page: number, cursor?: string) => ['campaigns', 'list', filter, page, cursor ?? null] as const,
  one: (id: string) => ['campaigns', 'one', id] as const,
  profit: (id: string) => ['campaigns', 'profit', id] as const,
  deliverables: (id: string) => ['campaigns', 'deliverables', id] as const,
  files: (id: string) => ['campaigns', 'files', id] as const,
};

/** A campaign change moves Home's Active Campaigns card and checklist too. */
export const refreshCampaigns = () =>
  Promise.all([queryClient.invalidateQueries({ queryKey: campaignKeys.all }), queryClient.invalidateQueries({ queryKey: ['dashboard'] })]);

/** A /campaigns tab (archived) and its URL filters (status, customer, days created, title search). */
type CampaignListFilter = CampaignFilters & { archived: boolean };

/** A page of a /campaigns tab; `cursor` (the page before's next_cursor) makes it a keyset read. */
export function useCampaigns(filter: CampaignListFilter, at: { page: number; cursor?: string | undefined }) {
  return useQuery({
    queryKey: campaignKeys.list(filter, at.page, at.cursor),
    queryFn: () =>
      api.get<CampaignPage>('/v1/campaigns', {
        query: { ...filter, page: at.page, page_size: 50, starting_after: at.cursor },
      }),
    placeholderData: keepPreviousData,
    meta: { errorMessage: 'There was an issue retrieving your campaigns' },
  });
}

/** campaigns_list.csv of every campaign of the tab its filters match (the server streams them all). */
export async function downloadCampaignsList(filter: CampaignListFilter): Promise<void> {
  const params = new URLSearchParams({ ...listFiltersParams(filter), archived: String(filter.archived) });
  await downloadWithSession(`/v1/campaigns/export?${params.toString()}`, 'campaigns_list.csv');
}

export function useCampaign(id: string | null) {
  return useQuery({
    queryKey: campaignKeys.one(id ?? ''),
    queryFn: () => api.get<CampaignDetail>(`/v1/campaigns/${id}`),
    enabled: id !== null,
    meta: { errorMessage: 'There was an issue retrieving your campaign' },
  });
}

/** GET /v1/campaigns/:id/profit: the campaign's figures from the ledger and its last 12 months. */
export function useCampaignProfit(id: string) {
  return useQuery({
    queryKey: campaignKeys.profit(id),
    queryFn: () => api.get<CampaignProfit>(`/v1/campaigns/${id}/profit`),
    meta: { errorMessage: "There was an issue retrieving your campaign's profit" },
  });
}

export function useCreateCampaign() {
  return useMutation({
    mutationFn: (body: CreateCampaignBody) => api.post<CampaignRecord>('/v1/campaigns', body),
    onSuccess: () => {
      trackEvent('campaign_created');
      return refreshCampaigns();
    },
    meta: { errorMessage: 'There was an issue creating your campaign', successMessage: 'Campaign has been created!' },
  });
}

export function useUpdateCampaign() {
  return useMutation({
    mutationFn: ({ id, ...body }: UpdateCampaignInput & { id: string }) => api.put<CampaignRecord>(`/v1/campaigns/${id}`, body),
    onSuccess: refreshCampaigns,
    meta: { errorMessage: 'There was an issue updating your campaign', successMessage: 'Campaign has been updated!' },
  });
}
