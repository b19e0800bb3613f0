import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardAnswer } from '@crewpay/core';
import { api } from '../../../lib/api-client.ts';

const dashboardKey = ['dashboard'] as const;

/**
 * GET /v1/dashboard: balance, draft payments, creators count and to-do items, fresh on every
 * visit. An answer of the last few seconds is this visit's: the route starts the call beside
 * the page's code (app/route-data.ts), and the page must not ask again when it mounts.
 */
export function dashboardQuery() {
  return queryOptions({
    queryKey: dashboardKey,
    queryFn: () => api.get<DashboardAnswer>('/v1/dashboard'),
    staleTime: 5_000,
    meta: { errorMessage: 'There was an issue retrieving your dashboard' },
  });
}

export function useDashboard() {
  return useQuery(dashboardQuery());
}
