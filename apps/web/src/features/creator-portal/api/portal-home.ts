import { useQuery } from '@tanstack/react-query';
import type { PortalHomeAnswer } from '@crewpay/core';
import { api } from '../../../lib/api-client.ts';

export const portalHomeKey = ['portal', 'home'] as const;

/** GET /v1/portal/home: counts, totals and the to-do list across the user's organisations; fresh on every visit. */
export function usePortalHome() {
  return useQuery({
    queryKey: portalHomeKey,
    queryFn: () => api.get<PortalHomeAnswer>('/v1/portal/home'),
    staleTime: 0,
    meta: { errorMessage: 'There was an issue retrieving your dashboard' },
  });
}
