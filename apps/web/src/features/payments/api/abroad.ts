import { useMutation, useQuery } from '@tanstack/react-query';
import type { PayeeAbroadView, PayoutAbroadStatus, RfiAnswerBody } from '@crewpay/core';
import { creatorKeys, getCreator } from '../../../entities/creators/index.ts';
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

/**
 * The currency a creator is paid in when paid abroad (selected Nium, details on file), else null:
 * a payment to them may be entered in it. Undefined while it is being read.
 */
export function usePayeeCurrency(creatorId: string | null): string | null | undefined {
  const enabled = creatorId !== null;
  const creator = useQuery({
    queryKey: creatorKeys.one(creatorId ?? ''),
    queryFn: () => getCreator(creatorId ?? ''),
    enabled,
    meta: { isSilent: true },
  });
  const abroad = useQuery({
    queryKey: [...creatorKeys.all, 'abroad', creatorId ?? ''] as const,
    queryFn: () => api.get<PayeeAbroadView | null>(`/v1/creators/${creatorId}/abroad`),
    enabled: enabled && creator.data?.selected_payment_method === 'nium',
    retry: false,
    meta: { isSilent: true },
  });
  if (!enabled) return null;
  if (!creator.data) return creator.isError ? null : undefined;
  if (creator.data.selected_payment_method !== 'nium') return null;
  if (abroad.isError) return null;
  return abroad.data === undefined ? undefined : (abroad.data?.currency ?? null);
}
