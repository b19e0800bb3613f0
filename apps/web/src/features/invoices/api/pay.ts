import { useMutation, useQuery } from '@tanstack/react-query';
import type { InvoiceLinkInfo, PayInvoiceAnswer, PayInvoiceBody } from '@crewpay/core';
import { api } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';

export type BankAccountChoice = { id: string; name: string; mask: string };

const linkKey = (linkId: string) => ['invoice-link', linkId];
/** How often the page asks while a payment is under way (a card's outcome arrives within seconds). */
const POLL_MS = 1_500;

/**
 * The public pay page's link (no sign-in): the link id is the credential. While `isWaiting` (a
 * payment under way that the payer waits on), it is asked again every 1.5 s: the charge's outcome
 * arrives as an event on the server, and the page shows it when it is there.
 */
export function useInvoiceLink(linkId: string, options: { isWaiting?: boolean } = {}) {
  return useQuery({
    queryKey: linkKey(linkId),
    queryFn: () => api.get<InvoiceLinkInfo>('/v1/expiring_link', { query: { id: linkId } }),
    enabled: linkId !== '',
    retry: false,
    refetchInterval: options.isWaiting ? POLL_MS : false,
  });
}

/** The latest payment attempt as the page knows it: the answer to the pay request, until the link says more. */
const showPayment = (linkId: string, payment: PayInvoiceAnswer) =>
  queryClient.setQueryData<InvoiceLinkInfo>(linkKey(linkId), (link) => (link ? { ...link, payment } : link));

export const reloadLink = (linkId: string) => queryClient.invalidateQueries({ queryKey: linkKey(linkId) });

export function usePayInvoice(linkId: string) {
  return useMutation({
    mutationFn: (body: PayInvoiceBody) => api.post<PayInvoiceAnswer>('/v1/expiring_link', body, { query: { id: linkId } }),
    onSuccess: (answer) => showPayment(linkId, answer),
  });
}

/**
 * The payer leaves the payment that waits for them (3-D Secure, micro-deposits) to pay another
 * way: the server cancels it, unless it went through meanwhile; the page shows what it is now.
 */
export function useLeaveWaitingPayment(linkId: string) {
  return useMutation({
    mutationFn: () => api.post<PayInvoiceAnswer>('/v1/invoices/pay/another_method', undefined, { query: { id: linkId } }),
    onSuccess: (answer) => showPayment(linkId, answer),
    onSettled: () => reloadLink(linkId),
  });
}

/** Stripe.js's part: the card number goes to the processor (the sandbox's tokeniser), the page keeps only a token. */
export const tokeniseCard = (card: { number: string; exp: string; cvc: string }) =>
  api.post<{ id: string; brand: string; last4: string }>('/v1/sandbox_payments/card_tokens', card);

/** The bank link's token: Stripe Financial Connections' client secret, or the sandbox's link token. */
export const fetchLinkToken = (linkId: string) => api.get<{ token: string }>('/v1/plaid_link_token', { query: { id: linkId } });

export const bankLogin = (body: { link_token: string; institution: string; username: string; password: string }) =>
  api.post<{ public_token: string; accounts: BankAccountChoice[] }>('/v1/sandbox_payments/bank_link', body);

/** The sandbox's 3-D Secure page (Stripe.js's handleNextAction in the sandbox): the payer completes or fails it. */
export const authenticateInSandbox = (body: { client_secret: string; outcome: 'complete' | 'fail' }) =>
  api.post<{ status: 'succeeded' | 'failed' }>('/v1/sandbox_payments/authenticate', body);
