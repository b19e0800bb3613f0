import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

type ExpiringLink = { type: string; email?: string };

const getExpiringLink = (linkId: string) => api.get<ExpiringLink>('/v1/expiring_link', { query: { id: linkId } });

/**
 * Links being spent (set-password submitted). Signing in clears the query cache and re-mounts the
 * page in the signed-in layout; a query that forgot the link was spent would ask again (a 410).
 * Kept outside React so it survives that re-mount.
 */
const spentLinks = new Set<string>();
export const markLinkSpent = (linkId: string, isSpent: boolean) => (isSpent ? spentLinks.add(linkId) : spentLinks.delete(linkId));

/** GET /v1/expiring_link?id=: whether an emailed link can still be used. The page shows the outcome itself. */
export function useExpiringLink(linkId: string) {
  return useQuery({
    queryKey: ['expiring-link', linkId],
    queryFn: () => getExpiringLink(linkId),
    enabled: !spentLinks.has(linkId),
    retry: false,
    staleTime: Infinity,
    meta: { isSilent: true },
  });
}
