import { useQuery } from '@tanstack/react-query';
import type { OrgRecord } from '@crewpay/core';
import { DEFAULT_ORG_ID } from '@crewpay/core/roles';
import { api } from '../api-client.ts';
import { useCurrentUser } from './current-user.ts';

export const currentOrgKey = ['org'] as const;

export const getCurrentOrg = () => api.get<OrgRecord>('/v1/org');

/** GET /v1/org: the staff member's organisation (none before it is created, none for external users). */
export function useCurrentOrg() {
  const { data: user } = useCurrentUser();
  const hasOrg = user !== undefined && !user.is_external && user.org_id !== DEFAULT_ORG_ID;
  return useQuery({
    queryKey: currentOrgKey,
    queryFn: getCurrentOrg,
    enabled: hasOrg,
    meta: { errorMessage: 'There was an issue retrieving your organization' },
  });
}
