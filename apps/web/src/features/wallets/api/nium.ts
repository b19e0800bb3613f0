import { useMutation, useQuery } from '@tanstack/react-query';
import type { NiumWalletView } from '@crewpay/core';
import { api } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { walletsKey } from './get-wallets.ts';

const niumWalletKey = ['wallets', 'nium'] as const;

/** GET /v1/nium/wallet: the Nium wallet per currency (available, held, on its way). */
export function useNiumWallet() {
  return useQuery({
    queryKey: niumWalletKey,
    queryFn: () => api.get<NiumWalletView>('/v1/nium/wallet'),
    // A funding lands once Nium confirms it, a payout leaves as Nium pays it: read again while shown.
    refetchInterval: 5000,
    meta: { errorMessage: 'There was an issue retrieving your Nium wallet' },
  });
}

/** POST /v1/nium/wallet/fund: dollars from the US wallet to the Nium wallet (owners), once per key. */
export function useFundNiumWallet() {
  return useMutation({
    mutationFn: ({ amount, idempotencyKey }: { amount: number; idempotencyKey: string }) =>
      api.post<{ funding_id: string }>('/v1/nium/wallet/fund', { amount }, { headers: { 'Idempotency-Key': idempotencyKey } }),
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: walletsKey }), queryClient.invalidateQueries({ queryKey: niumWalletKey })]),
    meta: { errorMessage: 'There was an issue funding your Nium wallet', successMessage: 'Funds are on the way to your Nium wallet' },
  });
}
