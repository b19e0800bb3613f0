import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { taxFilingMessages, type TaxCorrectionList, type TaxFilingSettings, type TaxFilingSettingsBody } from '@crewpay/core';
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

export const downloadFilingFile = (year: number) => downloadTaxFile(`/v1/taxes/${year}/filing`, `IRS-1099-NEC-${year}.txt`);

export function useTaxCorrections(year: number) {
  return useQuery({
    queryKey: ['taxes', 'corrections', year],
    queryFn: () => api.get<TaxCorrectionList>(`/v1/taxes/${year}/corrections`),
    meta: { errorMessage: 'There was an issue retrieving the corrections' },
  });
}

/** A filing-page download behind the session header (the year's file, the correction file, the CORRECTED forms). */
export async function downloadTaxFile(path: string, fileName: string): Promise<void> {
  const token = getToken();
  const response = await fetch(path, { headers: token ? { 'auth-token': token } : {} });
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { message?: string };
    throw new ApiError({ status: response.status, serverMessage: body.message ?? null, wasAuthenticated: token !== null });
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  // The click has started the download; the object URL is no longer needed afterwards.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
