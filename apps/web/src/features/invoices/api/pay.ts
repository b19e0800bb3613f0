import { useMutation, useQuery } from '@tanstack/react-query';
import type { InvoiceLinkInfo, PayInvoiceBody } from '@crewpay/core';
import { api } from '../../../lib/api-client.ts';

export type PayAnswer = { status: 'pending' | 'succeeded' | 'failed' | 'reversed'; charge_type: 'card' | 'ach'; amount: number };
export type BankAccountChoice = { id: string; name: string; mask: string };

/** The public pay page's link (no sign-in): the link id is the credential. */
export function useInvoiceLink(linkId: string) {
  return useQuery({
    queryKey: ['invoice-link', linkId],
    queryFn: () => api.get<InvoiceLinkInfo>('/v1/expiring_link', { query: { id: linkId } }),
    enabled: linkId !== '',
    retry: false,
  });
}

export function usePayInvoice(linkId: string) {
  return useMutation({
    mutationFn: (body: PayInvoiceBody) => api.post<PayAnswer>('/v1/expiring_link', body, { query: { id: linkId } }),
  });
}

/** Stripe.js's part: the card number goes to the processor (the sandbox's tokeniser), the page keeps only a token. */
export const tokeniseCard = (card: { number: string; exp: string; cvc: string }) =>
  api.post<{ id: string; brand: string; last4: string }>('/v1/sandbox_payments/card_tokens', card);

export const fetchLinkToken = (linkId: string) => api.get<{ token: string }>('/v1/plaid_link_token', { query: { id: linkId } });

export const bankLogin = (body: { link_token: string; institution: string; username: string; password: string }) =>
  api.post<{ public_token: string; accounts: BankAccountChoice[] }>('/v1/sandbox_payments/bank_link', body);
