import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { CONTRACTS_PAGE_SIZE, contractMessages, type ContractPage, type ContractRecord, type ContractTemplatePage } from '@crewpay/core';
import { trackEvent } from '../../../lib/analytics.ts';
import { api } from '../../../lib/api-client.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { getToken } from '../../../lib/session/token.ts';
import { downloadWithSession } from '../../../lib/download-file.ts';
import { listFiltersParams, type ListFilters } from '../../../lib/list-filters.ts';

/**
 * Contracts are listed by their own pages and by the Contracts tabs of the creator, the campaign
 * and the customer, and created from the campaign wizard: their calls live here.
 */
export const contractKeys = {
  all: ['contracts'] as const,
  list: (filter: ContractFilter, at: ListPosition) => ['contracts', 'list', filter, at.page, at.cursor ?? null] as const,
  one: (id: string) => ['contracts', 'one', id] as const,
  preview: (id: string) => ['contracts', 'preview', id] as const,
  templates: (at: ListPosition) => ['contracts', 'templates', at.page, at.cursor ?? null] as const,
};

/** A campaign's, creator's or customer's contracts, and /contracts' URL filters (search, days created). */
export type ContractFilter = ListFilters & { payment_group_id?: string; creator_id?: string; customer_id?: string };
/** A page of a list: page 0 by number (it answers the total), later pages after their cursor (useKeysetPaging). */
type ListPosition = { page: number; cursor?: string | undefined };

const pageQuery = (at: ListPosition) => ({ page: at.page, page_size: CONTRACTS_PAGE_SIZE, starting_after: at.cursor });

/** GET /v1/contracts: one page of 50, newest first, filtered by campaign, creator or customer. */
function contractsQuery(filter: ContractFilter, at: ListPosition = { page: 0 }) {
  return queryOptions({
    queryKey: contractKeys.list(filter, at),
    queryFn: () => api.get<ContractPage>('/v1/contracts', { query: { ...filter, ...pageQuery(at) } }),
    placeholderData: keepPreviousData,
    meta: { errorMessage: 'There was an issue retrieving your contracts' },
  });
}

export function useContracts(filter: ContractFilter, at: ListPosition = { page: 0 }) {
  return useQuery(contractsQuery(filter, at));
}

/** contracts_report.csv of every contract the list's filters match (the server streams them all). */
export async function downloadContractsReport(filter: ContractFilter): Promise<void> {
  const params = new URLSearchParams(listFiltersParams(filter));
  await downloadWithSession(`/v1/contracts/export?${params.toString()}`, 'contracts_report.csv');
}

/** GET /v1/contract_templates: the organisation's template (one at most), paged like the contracts. */
function contractTemplatesQuery(at: ListPosition = { page: 0 }) {
  return queryOptions({
    queryKey: contractKeys.templates(at),
    queryFn: () => api.get<ContractTemplatePage>('/v1/contract_templates', { query: pageQuery(at) }),
    placeholderData: keepPreviousData,
    meta: { errorMessage: contractMessages.templatesFailed },
  });
}

export function useContractTemplates(at: ListPosition = { page: 0 }) {
  return useQuery(contractTemplatesQuery(at));
}

type NewContract = {
  title: string;
  type: 'signature_request' | 'plain_file';
  recipient: string;
  recipient_type: 'creator' | 'customer';
  payment_group_id?: string;
  expiration_date: string;
  template_id?: string;
  formFields: unknown[];
  file?: File;
};

export function useCreateContract() {
  return useMutation({
    mutationFn: (body: NewContract) => {
      const form = new FormData();
      form.append('title', body.title);
      form.append('type', body.type);
      form.append('recipient', body.recipient);
      form.append('recipient_type', body.recipient_type);
      form.append('expiration_date', body.expiration_date);
      if (body.payment_group_id) form.append('payment_group_id', body.payment_group_id);
      if (body.template_id) form.append('template_id', body.template_id);
      if (body.type === 'signature_request') form.append('formFields', JSON.stringify(body.formFields));
      if (body.file) form.append('file', body.file);
      return api.post<ContractRecord>('/v1/contracts', form);
    },
    onSuccess: () => {
      trackEvent('contract_sent');
      return queryClient.invalidateQueries({ queryKey: contractKeys.all });
    },
    meta: { errorMessage: 'There was an issue creating the contract', successMessage: contractMessages.created },
  });
}

export function useInvalidateContracts() {
  return useMutation({
    mutationFn: async (ids: string[]) => {
      for (const id of ids) await api.put<ContractRecord>(`/v1/contracts/${id}/invalidate`);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: contractKeys.all }),
    meta: { errorMessage: contractMessages.invalidateFailed, successMessage: 'Contract has been invalidated' },
  });
}

/** Contract ids (emailed), or {ids, channel}: sms texts the recipients with a phone number. */
type ContractReminderRequest = string[] | { ids: string[]; channel: 'sms' | 'email' };

export function useContractReminders() {
  return useMutation({
    mutationFn: (request: ContractReminderRequest) => {
      const { ids, channel } = Array.isArray(request) ? { ids: request, channel: 'email' as const } : request;
      return api.post<{ message: string }>('/v1/contracts/reminders', { reminder_type: channel, ids: ids.join(',') });
    },
    meta: { errorMessage: 'There was an issue sending the reminders', successMessage: contractMessages.remindersSent },
  });
}

/** A PDF behind the session header (or a public link), as bytes for the viewer or a saved download. */
export async function fetchPdf(path: string): Promise<ArrayBuffer> {
  const token = getToken();
  const response = await fetch(path, { headers: token ? { 'auth-token': token } : {} });
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { message?: string };
    throw new ApiError({ status: response.status, serverMessage: body.message ?? null, wasAuthenticated: token !== null });
  }
  return response.arrayBuffer();
}

export async function downloadPdf(path: string, fileName: string): Promise<void> {
  const bytes = await fetchPdf(path);
  const url = URL.createObjectURL(new Blob([bytes], { type: 'application/pdf' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  // The click has started the download; the object URL is no longer needed afterwards.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The campaigns a contract can belong to (the first 50, newest first). */
function campaignOptionsQuery() {
  return queryOptions({
    queryKey: ['campaigns', 'options'],
    queryFn: () =>
      api.get<{ data: { id: string; title: string; customer_id: string; customer_name: string }[] }>('/v1/campaigns', {
        query: { page: 0, page_size: 50 },
      }),
    meta: { errorMessage: 'There was an issue retrieving your campaigns' },
  });
}

export function useCampaignOptions() {
  return useQuery(campaignOptionsQuery());
}

/** One campaign's title and customer (a campaign contract goes to its customer). */
function campaignSummaryQuery(id: string | null) {
  return queryOptions({
    queryKey: ['campaigns', 'summary', id],
    queryFn: () => api.get<{ id: string; title: string; customer_id: string; customer_name: string }>(`/v1/campaigns/${id}`),
    meta: { errorMessage: 'There was an issue retrieving your campaigns' },
  });
}

export function useCampaignSummary(id: string | null) {
  return useQuery({ ...campaignSummaryQuery(id), enabled: id !== null });
}
