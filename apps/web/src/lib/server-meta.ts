import { useQuery } from '@tanstack/react-query';
import { api } from './api-client.ts';

/** GET /v1/meta: what this server is (sandbox or not) and which optional screens it shows. */
export type ServerMeta = { sandbox: boolean; payment_method_wizard: boolean };

export function useServerMeta() {
  return useQuery({
    queryKey: ['meta'],
    queryFn: () => api.get<ServerMeta>('/v1/meta'),
    staleTime: Infinity,
    meta: { isSilent: true },
  });
}
