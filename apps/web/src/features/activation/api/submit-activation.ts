import { useMutation } from '@tanstack/react-query';
import type { BusinessBody, OrgRecord, RepresentativeBody } from '@crewpay/core';
import { api } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { currentOrgKey } from '../../../lib/session/current-org.ts';

const keepOrg = (org: OrgRecord) => {
  queryClient.setQueryData(currentOrgKey, org);
};

/** POST /v1/org/owner: activation step 1, the business representative. */
export function useSubmitRepresentative() {
  return useMutation({
    mutationFn: (body: RepresentativeBody) => api.post<OrgRecord>('/v1/org/owner', body),
    onSuccess: keepOrg,
    meta: { errorMessage: 'There was an issue updating your account' },
  });
}

/** POST /v1/org/business: activation step 2; on success the organisation has its wallet. */
export function useSubmitBusiness() {
  return useMutation({
    mutationFn: (body: BusinessBody) => api.post<OrgRecord>('/v1/org/business', body),
    onSuccess: async (org) => {
      keepOrg(org);
      await queryClient.invalidateQueries({ queryKey: ['wallets'] });
    },
    meta: { errorMessage: 'There was an issue creating your account' },
  });
}
