import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type {
  ChargeRecord,
  CreateInvoiceBody,
  FeeScheduleRecord,
  InvoicePage,
  InvoiceRecord,
  InvoiceTab,
  RefundBody,
  RefundRecord,
  UpdateInvoiceBody,
} from '@crewpay/core';
import { trackEvent } from '../../../lib/analytics.ts';
import { api } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { downloadWithSession } from '../../../lib/download-file.ts';
import { listFiltersParams, type ListFilters } from '../../../lib/list-filters.ts';

/**
 * Invoices are listed by their own pages, the customer's and the campaign's Invoices tabs and
 * the portal, so their calls live here rather than in one feature.
 */
const invoiceKeys = {
  all: ['invoices'] as const,
  list: (filter: InvoiceFilter, page: number, cursor?: string) => ['invoices', 'list', filter, page, cursor ?? null] as const,
  one: (id: string) => ['invoices', 'one', id] as const,
  charges: (id?: string) => ['invoices', 'charges', id ?? 'all'] as const,
};

/** A list's tab, its customer or campaign (on their pages), and the list's URL filters (/invoices). */
export type InvoiceFilter = ListFilters & { tab: InvoiceTab; customer_id?: string; payment_group_id?: string };
const INVOICE_PAGE_SIZE = 50;

const refreshAfterChange = () =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: invoiceKeys.all }),
    queryClient.invalidateQueries({ queryKey: ['customers'] }),
    queryClient.invalidateQueries({ queryKey: ['campaigns'] }),
    queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
  ]);

/** One page of invoices: by its cursor once known (keyset), else by number (which also counts the total). */
export function invoicesQuery(filter: InvoiceFilter, page: number, startingAfter?: string) {
  return queryOptions({
    queryKey: invoiceKeys.list(filter, page, startingAfter),
    queryFn: () =>
      api.get<InvoicePage>('/v1/invoices', {
        query: { ...filter, page, page_size: INVOICE_PAGE_SIZE, ...(startingAfter ? { starting_after: startingAfter } : {}) },
      }),
    placeholderData: keepPreviousData,
    meta: { errorMessage: 'There was an issue retrieving your invoices' },
  });
}

export function useInvoices(filter: InvoiceFilter, page: number, startingAfter?: string) {
  return useQuery(invoicesQuery(filter, page, startingAfter));
}

/** The invoice that funds a payment, if any (the payment page's link back to it). */
function fundingInvoiceQuery(paymentId: string) {
  return queryOptions({
    queryKey: ['invoices', 'funding', paymentId],
    queryFn: () => api.get<InvoicePage>('/v1/invoices', { query: { tab: 'all', funded_payment_id: paymentId, page_size: 1 } }),
    select: (page) => page.invoices[0] ?? null,
  });
}

export function useFundingInvoice(paymentId: string) {
  return useQuery(fundingInvoiceQuery(paymentId));
}

function invoiceQuery(id: string) {
  return queryOptions({
    queryKey: invoiceKeys.one(id),
    queryFn: () => api.get<InvoiceRecord>(`/v1/invoices/${id}`),
    meta: { errorMessage: 'There was an issue retrieving your invoices' },
  });
}

export function useInvoice(id: string) {
  return useQuery(invoiceQuery(id));
}

function chargesQuery(invoiceId?: string) {
  return queryOptions({
    queryKey: invoiceKeys.charges(invoiceId),
    queryFn: () => api.get<Record<string, ChargeRecord[]>>('/v1/charges', { query: { invoice_id: invoiceId } }),
    meta: { errorMessage: 'There was an issue retrieving your charges' },
  });
}

export function useCharges(invoiceId?: string) {
  return useQuery(chargesQuery(invoiceId));
}

function feeSchedulesQuery() {
  return queryOptions({ queryKey: ['fee_schedules'], queryFn: () => api.get<FeeScheduleRecord[]>('/v1/fee_schedules') });
}

export function useFeeSchedules() {
  return useQuery(feeSchedulesQuery());
}

export function useCreateInvoice() {
  return useMutation({
    mutationFn: (body: CreateInvoiceBody) => api.post<InvoiceRecord>('/v1/invoices', body),
    onSuccess: () => {
      trackEvent('invoice_created');
      return refreshAfterChange();
    },
    meta: { errorMessage: 'There was an issue creating the invoice', successMessage: 'Invoice has been sent!' },
  });
}

export function useUpdateInvoice(id: string) {
  return useMutation({
    mutationFn: (body: UpdateInvoiceBody) => api.put<InvoiceRecord>(`/v1/invoices/${id}`, body),
    onSuccess: refreshAfterChange,
    meta: { errorMessage: 'Failed to update Payment Group for Invoice', successMessage: 'Invoice updated!' },
  });
}

export function useCancelInvoices() {
  return useMutation({
    mutationFn: (ids: string[]) => api.post<{ count: number }>('/v1/invoices/cancel', { ids }),
    onSuccess: refreshAfterChange,
    meta: { errorMessage: 'Failed to invalidate invoice', successMessage: 'Invoice(s) have been canceled!' },
  });
}

/**
 * POST /v1/invoices/{id}/refunds (owners and admins): with an Idempotency-Key, so a retried
 * submission refunds once; the invoice, its charges and the wallet are read again after.
 */
export function useRefundInvoice(id: string) {
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: RefundBody; idempotencyKey: string }) =>
      api.post<RefundRecord>(`/v1/invoices/${id}/refunds`, body, { headers: { 'Idempotency-Key': idempotencyKey } }),
    onSuccess: () => Promise.all([refreshAfterChange(), queryClient.invalidateQueries({ queryKey: ['wallets'] })]),
    meta: { errorMessage: 'There was an issue refunding this payment', successMessage: 'Refund requested' },
  });
}

export function useInvoiceReminders() {
  return useMutation({
    mutationFn: (body: { ids: string[]; channel: 'sms' | 'email' }) => api.post<{ count: number }>('/v1/invoices/reminders', body),
    meta: { errorMessage: 'There was an issue sending the reminders', successMessage: 'Reminder(s) have been sent!' },
  });
}

export async function uploadInvoiceAttachment(file: File): Promise<{ id: string; file_name: string }> {
  const form = new FormData();
  form.append('file', file);
  return api.post('/v1/invoices/attachment', form);
}

/** invoices_report.csv of every invoice the list's filter matches (the server streams them all). */
export async function downloadInvoicesReport(filter: InvoiceFilter): Promise<void> {
  const params = new URLSearchParams(listFiltersParams(filter));
  await downloadWithSession(`/v1/invoices/export?${params.toString()}`, 'invoices_report.csv');
}
