import { useMutation, useQuery } from '@tanstack/react-query';
import { campaignFileMessages, type CampaignFileList, type CampaignFileRecord } from '@crewpay/core';
import { api } from '../../../lib/api-client.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { getToken } from '../../../lib/session/token.ts';
import { campaignKeys } from './campaigns.ts';

export function useCampaignFiles(campaignId: string) {
  return useQuery({
    queryKey: campaignKeys.files(campaignId),
    queryFn: () => api.get<CampaignFileList>('/v1/campaign_files', { query: { payment_group_id: campaignId } }),
    meta: { errorMessage: campaignFileMessages.listFailed },
  });
}

export function useUploadCampaignFile(campaignId: string) {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('payment_group_id', campaignId);
      form.append('file', file);
      return api.post<CampaignFileRecord>('/v1/campaign_files', form);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignKeys.files(campaignId) }),
    meta: { errorMessage: 'There was an issue uploading your file', successMessage: campaignFileMessages.uploaded },
  });
}

/** GET /v1/campaign_files/{id}/source carries the session header, so the bytes are fetched and then saved from a blob. */
export async function downloadCampaignFile(file: CampaignFileRecord): Promise<void> {
  const token = getToken();
  const response = await fetch(`/v1/campaign_files/${file.id}/source`, { headers: token ? { 'auth-token': token } : {} });
  if (!response.ok) throw new ApiError({ status: response.status, serverMessage: null, wasAuthenticated: token !== null });
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = file.file_name;
  link.click();
  // The click has started the download; the object URL is no longer needed afterwards.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
