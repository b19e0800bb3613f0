import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MemberRecord } from '@crewpay/core';
import { api } from '../../../lib/api-client.ts';
import { creatorKeys } from './keys.ts';

/** GET /v1/users?isAgentManager=true: who can be a creator's agent or manager. */
function agentsManagersQuery() {
  return queryOptions({
    queryKey: creatorKeys.agentsManagers,
    queryFn: () => api.get<MemberRecord[]>('/v1/users', { query: { isAgentManager: true } }),
    meta: { errorMessage: 'There was an issue retrieving your Agents/ Managers' },
  });
}

export function useAgentsManagers() {
  return useQuery(agentsManagersQuery());
}
