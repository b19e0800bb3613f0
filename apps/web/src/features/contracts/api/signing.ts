import { useMutation, useQuery } from '@tanstack/react-query';
import type { SignContractBody, SigningView } from '@crewpay/core';
import { api } from '../../../lib/api-client.ts';
import { fetchPdf } from '../../../entities/contracts/index.ts';
import { queryClient } from '../../../lib/query-client.ts';

const keys = {
  view: (linkId: string) => ['contract-signing', linkId] as const,
  document: (linkId: string, state: string) => ['contract-signing', linkId, 'document', state] as const,
};

/** The public signing link: what it shows (no toast: the page says when a link is no longer valid). */
export function useSigningLink(linkId: string) {
  return useQuery({
    queryKey: keys.view(linkId),
    queryFn: () => api.get<SigningView>(`/v1/contract_signing/${linkId}`),
    retry: false,
    meta: { isSilent: true },
  });
}

export function useSigningDocument(linkId: string, state: string | undefined) {
  return useQuery({
    queryKey: keys.document(linkId, state ?? ''),
    queryFn: () => fetchPdf(`/v1/contract_signing/${linkId}/document`),
    enabled: state === 'ready' || state === 'signed',
    meta: { errorMessage: 'There was an issue retrieving your file' },
  });
}

export function useSignContract(linkId: string) {
  return useMutation({
    mutationFn: (body: SignContractBody) => api.post<SigningView>(`/v1/contract_signing/${linkId}`, body),
    onSuccess: (view) => queryClient.setQueryData(keys.view(linkId), view),
    meta: { errorMessage: 'There was an issue signing the contract', successMessage: 'Contract has been signed!' },
  });
}
