import { useMutation, useQuery } from '@tanstack/react-query';
import type { PayeeAbroadSubmission, PayeeLinkInfo, PayeeSubmissionBody } from '@crewpay/core';
import { api } from '../../../lib/api-client.ts';

type PayeeAnswer = { amount: number; org_name: string; selected_payment_method: 'stripe' | 'paypal' | 'venmo' | 'nium' };

/** GET /v1/expiring_link?id=: who pays and how much; a gone link answers 410. */
export function usePayeeLink(linkId: string) {
  return useQuery({
    queryKey: ['expiring_link', linkId],
    queryFn: () => api.get<PayeeLinkInfo>('/v1/expiring_link', { query: { id: linkId } }),
    enabled: linkId !== '',
    retry: false,
    meta: { isSilent: true },
  });
}

export function useSubmitPayee(linkId: string) {
  return useMutation({
    mutationFn: (body: PayeeSubmissionBody | PayeeAbroadSubmission) =>
      api.post<PayeeAnswer>('/v1/expiring_link', { ...body, linkId }, { query: { id: linkId } }),
    meta: { errorMessage: 'There was an issue sending your payout details' },
  });
}
