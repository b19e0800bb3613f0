import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { taxFilingMessages, type TaxFilingSettings, type TaxFilingSettingsBody } from '@crewpay/core';
import { api } from '../../../lib/api-client.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { getToken } from '../../../lib/session/token.ts';

const settingsKey = ['taxes', 'filing-settings'] as const;

const filingSettingsQuery = queryOptions({
  queryKey: settingsKey,
  queryFn: () => api.get<TaxFilingSettings>('/v1/taxes/filing_settings'),
  meta: { errorMessage: 'There was an issue retrieving the IRS filing settings' },
});

export function useFilingSettings() {
  return useQuery(filingSettingsQuery);
}

export function useSaveFilingSettings() {
  return useMutation({
    mutationFn: (body: TaxFilingSettingsBody) => api.put<TaxFilingSettings>('/v1/taxes/filing_settings', body),
    onSuccess: (saved) => queryClient.setQueryData(settingsKey, saved),
    meta: { errorMessage: 'There was an issue saving the IRS filing settings', successMessage: taxFilingMessages.saved },
  });
}

/** The file carries the session header, so it is fetched as a blob and saved through a link. */
export async function downloadFilingFile(year: number): Promise<void> {
  const token = getToken();
  const response = await fetch(`/v1/taxes/${year}/filing`, { headers: token ? { 'auth-token': token } : {} });
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { message?: string };
    throw new ApiError({ status: response.status, serverMessage: body.message ?? null, wasAuthenticated: token !== null });
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `IRS-1099-NEC-${year}.txt`;
  link.click();
  // The click has started the download; the object URL is no longer needed afterwards.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
