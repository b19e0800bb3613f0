import { useMemo } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { taxMessages, taxYears, type PaidUsersPage, type TaxRequestBody, type TaxRun } from '@crewpay/core';
import { api } from '../../../lib/api-client.ts';
import { serverClockQuery } from '../../../lib/server-meta.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { getToken } from '../../../lib/session/token.ts';

const taxKeys = {
  paidUsers: (year: number, page: number) => ['taxes', 'paid-users', year, page] as const,
};

/**
 * The tax years on offer: the server's year down to 2022. The server's clock dates payments (the
 * sandbox's when moved on), so a payment it posted next January is found under next year.
 * Undefined until the server has answered.
 */
export function useTaxYears(): number[] | undefined {
  const { data } = useQuery(serverClockQuery);
  return useMemo(() => (data ? taxYears(new Date(data.now)) : undefined), [data]);
}

export function usePaidUsers(options: { year: number | undefined; page: number }) {
  const { year = 0, page } = options;
  return useQuery({
    queryKey: taxKeys.paidUsers(year, page),
    queryFn: () => api.get<PaidUsersPage>('/v1/taxes/users', { query: { year, page, page_size: 50 } }),
    enabled: options.year !== undefined,
    placeholderData: keepPreviousData,
    meta: { errorMessage: 'There was an issue retrieving paid users' },
  });
}

const startTaxRun = (body: TaxRequestBody) => api.post<TaxRun>('/v1/taxes', body);
const getTaxRun = (id: string) => api.get<TaxRun>(`/v1/taxes/runs/${id}`);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts the run and follows the job until it ends, reporting progress as it goes. */
export async function runTaxDocuments(body: TaxRequestBody, onProgress: (run: TaxRun) => void): Promise<TaxRun> {
  let run = await startTaxRun(body);
  onProgress(run);
  while (run.status === 'queued' || run.status === 'running') {
    await sleep(1000);
    run = await getTaxRun(run.id);
    onProgress(run);
  }
  if (run.status === 'failed') throw new Error(taxMessages.failure);
  return run;
}

/** The run's PDF carries the session header, so it is fetched as a blob and shown from an object URL. */
export async function fetchTaxPdfUrl(runId: string): Promise<string> {
  const token = getToken();
  const response = await fetch(`/v1/taxes/runs/${runId}/pdf`, { headers: token ? { 'auth-token': token } : {} });
  if (!response.ok) throw new ApiError({ status: response.status, serverMessage: null, wasAuthenticated: token !== null });
  return URL.createObjectURL(await response.blob());
}
