import { useSearchParams } from 'react-router';
import type { CampaignStatus } from '@crewpay/core';
import { allListFilterKeys, idFilter, listFiltersOf, listFiltersParams, type ListFilters } from '../../../lib/list-filters.ts';

/** /campaigns' filters: the shared ones (title search, days created) and a status and a customer. */
export type CampaignFilters = ListFilters & { status?: CampaignStatus; customer_id?: string };

/** The statuses a campaign of the Campaigns tab can have (the Archived tab holds the archived ones). */
export const listedStatuses = ['preflight', 'active', 'completed'] as const satisfies readonly CampaignStatus[];

const SHARED_KEYS = ['search', 'created_from', 'created_to'] as const;
const OWN_KEYS = ['status', 'customer_id'] as const;

/** The filters set in the URL; a status or customer the server would refuse is left out, as the shared ones are. */
function campaignFiltersOf(params: URLSearchParams): CampaignFilters {
  const filters: CampaignFilters = listFiltersOf(params, SHARED_KEYS);
  const status = listedStatuses.find((value) => value === params.get('status'));
  const customerId = idFilter(params.get('customer_id') ?? '');
  if (status) filters.status = status;
  if (customerId) filters.customer_id = customerId;
  return filters;
}

/**
 * /campaigns' URL-backed filters, written together (the bar's Clear filters drops them all) while
 * the URL's tab is kept; a change replaces the history entry, as useListFilters does.
 */
export function useCampaignFilters() {
  const [params, setParams] = useSearchParams();
  const setFilters = (next: CampaignFilters) =>
    setParams(
      (current) => {
        const kept = new URLSearchParams(current);
        for (const key of [...allListFilterKeys, ...OWN_KEYS]) kept.delete(key);
        for (const [key, value] of Object.entries(listFiltersParams(next))) kept.set(key, value);
        return kept;
      },
      { replace: true },
    );
  /** The tab changed, the filters kept but the status (each tab has its own). */
  const setTab = (archived: boolean) =>
    setParams(
      (current) => {
        const kept = new URLSearchParams(current);
        kept.delete('status');
        if (archived) kept.set('tab', 'archived');
        else kept.delete('tab');
        return kept;
      },
      { replace: true },
    );
  /** A saved view's whole query in place of the URL's: a new history entry, so Back undoes it. */
  const showQuery = (query: string) => setParams(new URLSearchParams(query));
  return { filters: campaignFiltersOf(params), setFilters, setTab, showQuery, params };
}
