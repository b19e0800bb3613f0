import { useQuery } from '@tanstack/react-query';
import type { DashboardAnswer } from '@crewpay/core';
import { api } from '../../../lib/api-client.ts';

const dashboardKey = ['dashboard'] as const;

/** GET /v1/dashboard: balance, draft payments, creators count and to-do items; fresh on every visit. */
export function useDashboard() {
  return useQuery({
    queryKey: dashboardKey,
    queryFn: () => api.get<DashboardAnswer>('/v1/dashboard'),
    staleTime: 0,
    meta: { errorMessage: 'There was an issue retrieving your dashboard' },
  });
}
