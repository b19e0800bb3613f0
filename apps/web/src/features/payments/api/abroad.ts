import { useMutation, useQuery } from '@tanstack/react-query';
import type { PayoutAbroadStatus, RfiAnswerBody } from '@crewpay/core';
import { api } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';

const abroadKey = (paymentId: string) => ['payments', 'abroad', paymentId] as const;

/** GET /v1/payments/:id/abroad: a payment abroad at Nium (status, transfer id, expected arrival, open RFIs). */
export function usePayoutAbroad(paymentId: string, enabled: boolean) {
  return useQuery({
    queryKey: abroadKey(paymentId),
    queryFn: () => api.get<PayoutAbroadStatus>(`/v1/payments/${paymentId}/abroad`),
    enabled,
    retry: false,
    meta: { isSilent: true },
  });
}

/** POST /v1/payments/:id/rfi: the owner answers Nium's question; the answer's new state is shown. */
export function useAnswerRfi(paymentId: string) {
  return useMutation({
    mutationFn: (body: RfiAnswerBody) => api.post<PayoutAbroadStatus>(`/v1/payments/${paymentId}/rfi`, body),
    onSuccess: (status) => queryClient.setQueryData(abroadKey(paymentId), status),
    meta: { errorMessage: 'There was an issue sending your answer', successMessage: 'Answer sent to Nium' },
  });
}
