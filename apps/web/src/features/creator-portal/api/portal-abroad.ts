import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PayeeAbroadSubmission, PayeeAbroadView, PayoutAbroadStatus, RfiAnswerBody } from '@crewpay/core';
import { api } from '../../../lib/api-client.ts';

const abroadKey = (id: string) => ['creators', 'user', id, 'abroad'] as const;
const payoutsAbroadKey = ['portal', 'payouts-abroad'] as const;

/** GET /v1/creators/user/{id}/abroad: the payee's bank details abroad with one organisation (tok_ values, last 4), or null. */
export function useOwnAbroad(id: string, enabled: boolean) {
  return useQuery({
    queryKey: abroadKey(id),
    queryFn: () => api.get<PayeeAbroadView | null>(`/v1/creators/user/${id}/abroad`),
    enabled,
    meta: { isSilent: true },
  });
}

/** PUT /v1/creators/user/{id}/abroad; the records, the home's to-dos and the payouts abroad are then reloaded. */
export function useUpdateOwnAbroad(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PayeeAbroadSubmission) => api.put<PayeeAbroadView>(`/v1/creators/user/${id}/abroad`, body),
    meta: { errorMessage: 'There was an issue saving your bank details', successMessage: 'Bank details saved' },
    onSuccess: async (view) => {
      queryClient.setQueryData(abroadKey(id), view);
      await queryClient.invalidateQueries({ queryKey: ['creators', 'user'] });
      await queryClient.invalidateQueries({ queryKey: ['portal'] });
    },
  });
}

/** GET /v1/portal/payouts-abroad: the payee's payments abroad with Nium's open questions. */
export function usePayoutsAbroad() {
  return useQuery({
    queryKey: payoutsAbroadKey,
    queryFn: () => api.get<PayoutAbroadStatus[]>('/v1/portal/payouts-abroad'),
    meta: { isSilent: true },
  });
}

/** POST /v1/portal/payments/{id}/rfi: the payee answers Nium's question on their own payment. */
export function useAnswerOwnRfi(paymentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RfiAnswerBody) => api.post<PayoutAbroadStatus>(`/v1/portal/payments/${paymentId}/rfi`, body),
    meta: { errorMessage: 'There was an issue sending your answer', successMessage: 'Answer sent to Nium' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: payoutsAbroadKey }),
  });
}
