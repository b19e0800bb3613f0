import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type ExpiringLink = { type: string; email?: string };

export const getExpiringLink = (linkId: string) => api.get<ExpiringLink>('/v1/expiring_link', { query: { id: linkId } });

/**
 * GET /v1/expiring_link?id=: whether an emailed link can still be used. The page shows the outcome itself.
 * `isEnabled` false once the link is being used: signing in clears the cache, and a mounted query
 * would otherwise ask again about the link it just spent (a 410).
 */
export function useExpiringLink(linkId: string, isEnabled = true) {
  return useQuery({
    queryKey: ['expiring-link', linkId],
    queryFn: () => getExpiringLink(linkId),
    enabled: isEnabled,
    retry: false,
    staleTime: Infinity,
    meta: { isSilent: true },
  });
}
