import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TaxDeliveryConsent, TaxFormBody, TaxFormSummary } from '@crewpay/core';
import { api } from '../../../lib/api-client.ts';

const key = ['portal', 'tax-forms'] as const;

/** GET /v1/portal/tax_forms: the signed-in person's signed W-9/W-8 forms with every organisation (as creator, agent or manager). */
export function usePortalTaxForms() {
  return useQuery({
    queryKey: key,
    queryFn: () => api.get<TaxFormSummary[]>('/v1/portal/tax_forms'),
    meta: { errorMessage: 'There was an issue retrieving your tax forms' },
  });
}

export function useSignPortalTaxForm(payeeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TaxFormBody) => api.post<TaxFormSummary>(`/v1/portal/tax_forms/${payeeId}`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
    meta: { isSilent: true },
  });
}

const consentKey = ['portal', 'tax-delivery-consents'] as const;
type Consent = NonNullable<TaxDeliveryConsent>;

/** GET /v1/portal/tax_delivery_consents: the latest answer per payee record (absent: never answered). */
export function usePortalDeliveryConsents() {
  return useQuery({
    queryKey: consentKey,
    queryFn: () => api.get<Consent[]>('/v1/portal/tax_delivery_consents'),
    meta: { errorMessage: 'There was an issue retrieving your tax form delivery choice' },
  });
}

export function useAnswerPortalDeliveryConsent(payeeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (consented: boolean) => api.post<Consent>(`/v1/portal/tax_delivery_consent/${payeeId}`, { consented }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: consentKey }),
    meta: { errorMessage: 'There was an issue saving your choice' },
  });
}
