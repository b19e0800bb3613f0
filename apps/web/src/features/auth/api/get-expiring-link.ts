import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type ExpiringLink = { type: string; email?: string };

export const getExpiringLink = (linkId: string) => api.get<ExpiringLink>('/v1/expiring_link', { query: { id: linkId } });

/** GET /v1/expiring_link?id=: whether an emailed link can still be used. The page shows the outcome itself. */
export function useExpiringLink(linkId: string) {
  return useQuery({
    queryKey: ['expiring-link', linkId],
    queryFn: () => getExpiringLink(linkId),
    retry: false,
    staleTime: Infinity,
    meta: { isSilent: true },
  });
}
