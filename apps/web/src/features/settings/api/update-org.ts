import { useMutation } from '@tanstack/react-query';
import type { OrgRecord, UpdateOrgBody } from '@crewpay/core';
import { api } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { currentOrgKey } from '../../../lib/session/current-org.ts';

/** PUT /v1/org */
export function useUpdateOrg() {
  return useMutation({
    mutationFn: (body: UpdateOrgBody) => api.put<OrgRecord>('/v1/org', body),
    onSuccess: (org) => queryClient.setQueryData(currentOrgKey, org),
    meta: { errorMessage: 'There was an issue updating your organization', successMessage: 'Organization updated!' },
  });
}
