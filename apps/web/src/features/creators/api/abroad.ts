import { useMutation, useQuery } from '@tanstack/react-query';
import type { PayeeAbroad, PayeeAbroadView } from '@crewpay/core';
import { api } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { creatorKeys } from '../../../entities/creators/index.ts';

const abroadKey = (id: string) => [...creatorKeys.all, 'abroad', id] as const;

/** GET /v1/creators/:id/abroad: the creator's country, currency and bank details abroad (last 4 only), or null. */
export function useCreatorAbroad(id: string) {
  return useQuery({
    queryKey: abroadKey(id),
    queryFn: () => api.get<PayeeAbroadView | null>(`/v1/creators/${id}/abroad`),
    meta: { isSilent: true },
  });
}

/** PUT /v1/creators/:id/abroad: the details kept, the creator paid through Nium from then on. */
export function useSaveCreatorAbroad(id: string) {
  return useMutation({
    mutationFn: (body: PayeeAbroad) => api.put<PayeeAbroadView>(`/v1/creators/${id}/abroad`, body),
    onSuccess: async (view) => {
      queryClient.setQueryData(abroadKey(id), view);
      await queryClient.invalidateQueries({ queryKey: creatorKeys.all });
    },
    meta: { errorMessage: 'There was an issue saving the bank details abroad', successMessage: 'Bank details abroad saved!' },
  });
}

type PayeeCountry = { payee_id: string; country: string; currency: string };

/** GET /v1/nium/payees?ids=: the country and currency of the listed creators paid abroad (a list's page, at most 100). */
export function usePayeeCountries(ids: string[]) {
  return useQuery({
    queryKey: [...creatorKeys.all, 'abroad-countries', ids] as const,
    queryFn: () => api.get<PayeeCountry[]>('/v1/nium/payees', { query: { ids: ids.join(',') } }),
    enabled: ids.length > 0 && ids.length <= 100,
    select: (rows) => new Map(rows.map((row) => [row.payee_id, row])),
    meta: { isSilent: true },
  });
}
