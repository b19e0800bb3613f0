import { useQuery } from '@tanstack/react-query';
import { contractMessages, type ContractRecord } from '@crewpay/core';
import { api } from '../../../lib/api-client.ts';
import { contractKeys } from '../../../entities/contracts/index.ts';

export function useContract(id: string) {
  return useQuery({
    queryKey: contractKeys.one(id),
    queryFn: () => api.get<ContractRecord>(`/v1/contracts/${id}`),
    meta: { errorMessage: 'There was an issue retrieving the contract' },
  });
}

const fromBase64 = (text: string) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0)).buffer;

/** GET /v1/contracts/preview: the PDF, or pending while the provider prepares it (no toast: spec section 8). */
export function useContractPreview(id: string) {
  return useQuery({
    queryKey: contractKeys.preview(id),
    queryFn: async () => {
      const answer = await api.get<{ state: 'PENDING' | 'READY'; file: string | null }>('/v1/contracts/preview', {
        query: { contractId: id },
      });
      return { isPending: answer.state === 'PENDING', bytes: answer.file ? fromBase64(answer.file) : null };
    },
    meta: { isSilent: true, errorMessage: contractMessages.stillProcessing },
  });
}
