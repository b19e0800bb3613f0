import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TaxDeliveryConsent, TaxFormBody, TaxFormSummary } from '@crewpay/core';
import { api } from '../../../lib/api-client.ts';

const linkKey = (linkId: string) => ['expiring_link', linkId, 'tax_forms'] as const;

/** GET /v1/expiring_link/tax_forms?id=: the payee link's signed forms (an active one skips the step). */
export function useLinkTaxForms(linkId: string) {
  return useQuery({
    queryKey: linkKey(linkId),
    queryFn: () => api.get<TaxFormSummary[]>('/v1/expiring_link/tax_forms', { query: { id: linkId } }),
    enabled: linkId !== '',
    retry: false,
    meta: { isSilent: true },
  });
}

export function useSignLinkTaxForm(linkId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TaxFormBody) => api.post<TaxFormSummary>('/v1/expiring_link/tax_forms', body, { query: { id: linkId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: linkKey(linkId) }),
    meta: { isSilent: true },
  });
}

/** GET /v1/creators/{id}/tax_forms: a creator's signed forms (owners and admins). */
export function useCreatorTaxForms(creatorId: string, isEnabled = true) {
  return useQuery({
    queryKey: ['creators', creatorId, 'tax_forms'],
    queryFn: () => api.get<TaxFormSummary[]>(`/v1/creators/${creatorId}/tax_forms`),
    enabled: isEnabled,
  });
}

const consentKey = (linkId: string) => ['expiring_link', linkId, 'tax_delivery_consent'] as const;

/** GET /v1/expiring_link/tax_delivery_consent?id=: the payee's latest answer (null: never answered, so paper). */
export function useLinkDeliveryConsent(linkId: string) {
  return useQuery({
    queryKey: consentKey(linkId),
    queryFn: () => api.get<TaxDeliveryConsent>('/v1/expiring_link/tax_delivery_consent', { query: { id: linkId } }),
    enabled: linkId !== '',
    retry: false,
    meta: { isSilent: true },
  });
}

export function useAnswerLinkDeliveryConsent(linkId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (consented: boolean) =>
      api.post<TaxDeliveryConsent>('/v1/expiring_link/tax_delivery_consent', { consented }, { query: { id: linkId } }),
    onSuccess: (answer) => queryClient.setQueryData(consentKey(linkId), answer),
    meta: { errorMessage: 'There was an issue saving your choice' },
  });
}
