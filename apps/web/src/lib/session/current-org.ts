import { useQuery } from '@tanstack/react-query';
import type { OrgRecord, UserRecord } from '@crewpay/core';
import { DEFAULT_ORG_ID } from '@crewpay/core/roles';
import { api } from '../api-client.ts';
import { useCurrentUser } from './current-user.ts';

export const currentOrgKey = ['org'] as const;

export const getCurrentOrg = () => api.get<OrgRecord>('/v1/org');

/** Staff of an organisation have one to fetch; external users and staff before creating one do not. */
export const hasOrg = (user: UserRecord | undefined): user is UserRecord =>
  user !== undefined && !user.is_external && user.org_id !== DEFAULT_ORG_ID;

/** The query of the organisation; main.tsx starts it as soon as the user is known. */
export const currentOrgQuery = {
  queryKey: currentOrgKey,
  queryFn: getCurrentOrg,
  meta: { errorMessage: 'There was an issue retrieving your organization' },
};

/** GET /v1/org: the staff member's organisation (none before it is created, none for external users). */
export function useCurrentOrg() {
  const { data: user } = useCurrentUser();
  return useQuery({ ...currentOrgQuery, enabled: hasOrg(user) });
}
