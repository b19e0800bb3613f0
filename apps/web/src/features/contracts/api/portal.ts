import { useMutation, useQuery } from '@tanstack/react-query';
import type { ContractRecord } from '@crewpay/core';
import { api } from '../../../lib/api-client.ts';

export function useMyContracts() {
  return useQuery({
    queryKey: ['portal-contracts'],
    queryFn: () => api.get<{ data: ContractRecord[] }>('/v1/creator/contracts'),
    meta: { errorMessage: 'There was an issue retrieving your contracts' },
  });
}

export function useMyContract(id: string) {
  return useQuery({
    queryKey: ['portal-contracts', id],
    queryFn: () => api.get<ContractRecord>(`/v1/creator/contracts/${id}`),
    meta: { errorMessage: 'There was an issue retrieving the contract' },
  });
}

/** A signing link for one of my contracts: the same signing page as the emailed link. */
export function useMySigningLink() {
  return useMutation({
    mutationFn: (id: string) => api.post<{ link_id: string }>(`/v1/creator/contracts/${id}/signing_link`),
    meta: { errorMessage: 'There was an issue generating the link' },
  });
}
