import { useQuery } from '@tanstack/react-query';
import type { OrgRecord } from '@crewpay/core';
import { api } from '../api-client.ts';
import { useCurrentUser } from './current-user.ts';

export const orgsKey = ['orgs'] as const;

export const getOrgs = () => api.get<OrgRecord[]>('/v1/orgs');

/** GET /v1/orgs: every organisation an external user (creator, customer) works with. */
export function useOrgs() {
  const { data: user } = useCurrentUser();
  return useQuery({
    queryKey: orgsKey,
    queryFn: getOrgs,
    enabled: user?.is_external === true,
    meta: { errorMessage: 'There was an issue retrieving your organizations' },
  });
}
