import { useMutation } from '@tanstack/react-query';
import type { OrgRecord } from '@crewpay/core';
import { api } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { currentOrgKey } from '../../../lib/session/current-org.ts';

/** PUT /v1/org/logo (multipart field "file"). */
export function useUploadLogo() {
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return api.put<OrgRecord>('/v1/org/logo', body);
    },
    onSuccess: (org) => queryClient.setQueryData(currentOrgKey, org),
    meta: { errorMessage: 'There was an issue updating your logo', successMessage: 'Logo updated!' },
  });
}

/** DELETE /v1/org/logo */
export function useRemoveLogo() {
  return useMutation({
    mutationFn: () => api.delete<OrgRecord>('/v1/org/logo'),
    onSuccess: (org) => queryClient.setQueryData(currentOrgKey, org),
    meta: { errorMessage: 'There was an issue removing your logo', successMessage: 'Logo removed' },
  });
}
