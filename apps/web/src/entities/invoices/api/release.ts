import { useMutation, useQuery } from '@tanstack/react-query';
import { paymentReleaseMessages, type CampaignRelease, type PaymentReleaseAnswer } from '@crewpay/core';
import { api } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';

const releaseKey = (invoiceId: string) => ['payment_releases', invoiceId] as const;

/** "Release when paid" of an invoice's funded payments: null when they do not wait for it. */
export function usePaymentRelease(invoiceId: string) {
  return useQuery({
    queryKey: releaseKey(invoiceId),
    queryFn: () => api.get<PaymentReleaseAnswer | null>(`/v1/payment_releases/${invoiceId}`),
    enabled: Boolean(invoiceId),
    meta: { errorMessage: 'There was an issue retrieving how these payments are released' },
  });
}

/** The campaign's draft payments waiting on an invoice's payment ("Release when paid"), with why. */
export function useCampaignReleases(campaignId: string) {
  return useQuery({
    queryKey: ['payment_releases', 'campaign', campaignId],
    queryFn: async () =>
      (await api.get<{ data: CampaignRelease[] }>(`/v1/payment_releases?payment_group_id=${encodeURIComponent(campaignId)}`)).data,
    meta: { errorMessage: 'There was an issue retrieving which payments wait on an invoice' },
  });
}

// Marking or unmarking changes what the payments' Execute does: their lists are read again too.
const refresh = (invoiceId: string) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: releaseKey(invoiceId) }),
    queryClient.invalidateQueries({ queryKey: ['payments'] }),
  ]);

export function useMarkRelease(invoiceId: string) {
  return useMutation({
    mutationFn: () => api.put<PaymentReleaseAnswer>(`/v1/payment_releases/${invoiceId}`),
    onSuccess: () => refresh(invoiceId),
    meta: { errorMessage: 'There was an issue marking these payments', successMessage: paymentReleaseMessages.marked },
  });
}

export function useUnmarkRelease(invoiceId: string) {
  return useMutation({
    mutationFn: () => api.delete<{ message: string }>(`/v1/payment_releases/${invoiceId}`),
    onSuccess: () => refresh(invoiceId),
    meta: { errorMessage: 'There was an issue changing these payments', successMessage: paymentReleaseMessages.unmarked },
  });
}
