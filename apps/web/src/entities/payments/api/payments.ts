import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import {
  type CreatePaymentsBody,
  type InitiateAnswer,
  type InitiatePreview,
  type PaymentBatchProgress,
  type PaymentRecord,
  type PaymentsFilter,
  type PaymentsPage,
  type PaymentTab,
  type PaymentTotalsAnswer,
  type PayoutQuote,
} from '@crewpay/core';
import { ApiError } from '../../../lib/api-error.ts';
import { trackEvent } from '../../../lib/analytics.ts';
import { api } from '../../../lib/api-client.ts';
import type { PaymentListFilters } from './list-filters.ts';
import { notifyInfo, notifySuccess } from '../../../lib/notify.ts';
import { queryClient } from '../../../lib/query-client.ts';

/** Query keys of the payments feature; creators and wallets show payment figures too. */
const paymentKeys = {
  all: ['payments'] as const,
  list: (filters: PaymentFilters) => ['payments', 'list', filters] as const,
  one: (id: string) => ['payments', 'one', id] as const,
  totals: (recipient?: string) => ['payments', 'totals', recipient ?? null] as const,
};

type PaymentFilters = PaymentListFilters & {
  tab: PaymentTab;
  page: number;
  /** The page's keyset cursor (starting_after); page 0 has none. */
  starting_after?: string | undefined;
  recipient?: string | undefined;
  payment_group_id?: string | undefined;
};

// The approvals queue too: executing can hold payments for approval (the Approvals tab's count).
const refreshAfterChange = async () => {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: paymentKeys.all }),
    queryClient.invalidateQueries({ queryKey: ['approvals'] }),
    queryClient.invalidateQueries({ queryKey: ['creators'] }),
    queryClient.invalidateQueries({ queryKey: ['wallets'] }),
  ]);
};

/** One page of payments; the route starts page 0 beside the page's code (app/route-data.ts). */
export function paymentsQuery(filters: PaymentFilters) {
  return queryOptions({
    queryKey: paymentKeys.list(filters),
    queryFn: () => api.get<PaymentsPage>('/v1/payments', { query: { ...filters, page_size: 50 } }),
    placeholderData: keepPreviousData,
    meta: { errorMessage: 'There was an issue retrieving your payments' },
  });
}

export function usePayments(filters: PaymentFilters) {
  return useQuery(paymentsQuery(filters));
}

function paymentQuery(id: string) {
  return queryOptions({
    queryKey: paymentKeys.one(id),
    queryFn: () => api.get<PaymentRecord>(`/v1/payments/${id}`),
    meta: { errorMessage: 'There was an issue retrieving your payment' },
  });
}

export function usePayment(id: string) {
  return useQuery(paymentQuery(id));
}

function paymentTotalsQuery(recipient?: string) {
  return queryOptions({
    queryKey: paymentKeys.totals(recipient),
    queryFn: () => api.get<PaymentTotalsAnswer>('/v1/payments/totals', { query: { recipient } }),
    meta: { errorMessage: 'There was an issue retrieving your toal payments' },
  });
}

export function usePaymentTotals(recipient?: string) {
  return useQuery(paymentTotalsQuery(recipient));
}

export function useCreatePayments() {
  return useMutation({
    // One Idempotency-Key per submission (kept across retries, new after success): a retried Save creates the drafts once.
    mutationFn: ({ rows, idempotencyKey }: { rows: CreatePaymentsBody; idempotencyKey: string }) =>
      api.post<{ data: PaymentRecord[] }>('/v1/payments', rows, { headers: { 'Idempotency-Key': idempotencyKey } }),
    onSuccess: () => {
      trackEvent('payments_created');
      return refreshAfterChange();
    },
    meta: { errorMessage: 'There was an issue creating your payments' },
  });
}

export function useUpdatePayment() {
  return useMutation({
    mutationFn: (body: { id: string; earnings: number | null; split: number | null; memo: string; amount_currency: string }) =>
      api.put<PaymentRecord>('/v1/payments', body),
    onSuccess: refreshAfterChange,
    meta: { errorMessage: 'There was an issue updating your payment', successMessage: 'Payment updated!' },
  });
}

export function useDeletePayments() {
  return useMutation({
    mutationFn: (ids: string[]) => api.delete<{ message: string }>('/v1/payments', { ids }),
    onSuccess: refreshAfterChange,
    meta: { errorMessage: 'There was an issue deleting your payments', successMessage: 'Payments have been deleted!' },
  });
}

/** What Execute acts on: the selected payments, a campaign's drafts, or every draft a list's filter matches ("Select all N matching"). */
export type ExecutionSelection = { ids: string[]; payment_group_id?: string } | { filter: PaymentsFilter };

/** A quote past its expiry (or none for a payment abroad): nothing moved, the dialog quotes again. */
export const isQuoteExpired = (error: unknown) => error instanceof ApiError && error.code === 'quote_expired';

export function useInitiatePayments() {
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: ExecutionSelection & { quote_ids?: string[] }; idempotencyKey: string }) =>
      api.put<InitiateAnswer>('/v1/payments/initiate', body, { headers: { 'Idempotency-Key': idempotencyKey } }),
    onSuccess: async (answer) => {
      // The server says exactly what happened: 'Payment is on the way!' only when money moves, then
      // the counts ('2 payments on the way, 3 waiting for payout details'), held for approval, waiting.
      // Green only when money left: held for approval or waiting is news, not a success.
      (answer.outcomes.sent.count > 0 ? notifySuccess : notifyInfo)(answer.message);
      trackEvent('payments_executed');
      await refreshAfterChange();
    },
    onError: async (error) => {
      if (isQuoteExpired(error)) await queryClient.invalidateQueries({ queryKey: ['payments', 'quotes'] });
    },
    meta: { errorMessage: 'There was an issue initiating your payments' },
  });
}

/** What Execute Payments would do with these drafts: the confirmation dialog's figures. */
function executionPreviewQuery(selection: ExecutionSelection & { quote_ids?: string[] }) {
  return queryOptions({
    queryKey: ['payments', 'preview', selection] as const,
    queryFn: () => api.post<InitiatePreview>('/v1/payments/initiate/preview', selection),
    staleTime: 0,
    gcTime: 0,
    meta: { errorMessage: 'There was an issue preparing your payments' },
  });
}

/** With the quote ids shown, payments entered in their payee's currency are previewed at those quotes' dollars, as Execute books them. */
export function useExecutionPreview(selection: ExecutionSelection & { quote_ids?: string[] }, enabled: boolean) {
  const hasSelection = 'filter' in selection || selection.ids.length > 0;
  return useQuery({ ...executionPreviewQuery(selection), enabled: enabled && hasSelection });
}

/**
 * The payout quotes of the payments Execute would send abroad now (rate, fee, what the payee
 * receives, until when), asked each time the dialog opens: never a quote from an earlier opening.
 */
export function useExecutionQuotes(selection: ExecutionSelection, enabled: boolean) {
  const hasSelection = 'filter' in selection || selection.ids.length > 0;
  return useQuery({
    queryKey: ['payments', 'quotes', selection] as const,
    queryFn: () => api.post<{ quotes: PayoutQuote[] }>('/v1/payments/initiate/quotes', selection),
    enabled: enabled && hasSelection,
    staleTime: 0,
    gcTime: 0,
    retry: false,
    meta: { errorMessage: 'There was an issue quoting the exchange rates' },
  });
}

/** An execution's progress, asked every second until none of its payouts remains to be sent. */
export function useBatchProgress(batchId: string | null) {
  return useQuery({
    // Apart from ['payments']: the lists refreshed once the batch is done must not refresh this again.
    queryKey: ['payment-batch', batchId] as const,
    queryFn: async () => {
      const progress = await api.get<PaymentBatchProgress>(`/v1/payments/batches/${batchId ?? ''}`);
      if (progress.is_done) await refreshAfterChange();
      return progress;
    },
    enabled: batchId !== null,
    refetchInterval: (query) => (query.state.data?.is_done ? false : 1000),
    meta: { errorMessage: 'There was an issue retrieving the progress of your payments' },
  });
}

/** The spec's array of ids (emailed), or {ids, channel} (sms texts the payees with a phone number); the API takes both. */
type PaymentReminderRequest = string[] | { ids: string[]; channel: 'sms' | 'email' };

export function useSendReminders() {
  return useMutation({
    mutationFn: (request: PaymentReminderRequest) => api.post<{ message: string }>('/v1/payments/reminders', request),
    meta: { errorMessage: 'There was an issue sending your Payment reminder(s)', successMessage: 'Reminder(s) have been sent!' },
  });
}
