import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { DeliverableList, PaymentGateAnswer, PaymentGateBody } from '@crewpay/core';
import { api } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { queryClient } from '../../../lib/query-client.ts';

const gateKey = (paymentId: string) => ['payments', 'gate', paymentId] as const;

/** What a payment waits for (the signed contract, an approved deliverable) and why it waits now. */
export const usePaymentGate = (paymentId: string) =>
  useQuery(
    queryOptions({
      queryKey: gateKey(paymentId),
      queryFn: () => api.get<PaymentGateAnswer>(`/v1/payments/${paymentId}/gate`),
      meta: { errorMessage: 'There was an issue retrieving what this payment waits for' },
    }),
  );

/** The campaign's deliverables a payment can wait for. */
export const useCampaignDeliverableChoices = (campaignId: string | null) =>
  useQuery({
    queryKey: ['campaigns', 'deliverables', campaignId],
    queryFn: () => api.get<DeliverableList>('/v1/deliverables', { query: { campaign_id: campaignId! } }),
    enabled: Boolean(campaignId),
    select: (answer) => answer.data,
  });

export function useSavePaymentGate(paymentId: string) {
  return useMutation({
    mutationFn: (body: PaymentGateBody) => api.put<PaymentGateAnswer & { message: string }>(`/v1/payments/${paymentId}/gate`, body),
    onSuccess: async (answer) => {
      notifySuccess(answer.message);
      await queryClient.invalidateQueries({ queryKey: gateKey(paymentId) });
    },
    meta: { errorMessage: 'There was an issue saving what this payment waits for' },
  });
}
