import { useMutation } from '@tanstack/react-query';
import type { CreateOrgBody, OrgRecord } from '@crewpay/core';
import { api } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { currentOrgKey } from '../../../lib/session/current-org.ts';
import { currentUserKey } from '../../../lib/session/current-user.ts';

const createOrg = (body: CreateOrgBody) => api.post<OrgRecord>('/v1/org', body);

/** POST /v1/org: the signed-in person becomes the owner of a new organisation. */
export function useCreateOrg() {
  return useMutation({
    mutationFn: createOrg,
    onSuccess: async (org) => {
      queryClient.setQueryData(currentOrgKey, org);
      // The user's org_id and role changed with it.
      await queryClient.invalidateQueries({ queryKey: currentUserKey });
    },
    meta: { errorMessage: 'There was an issue creating your organization' },
  });
}
