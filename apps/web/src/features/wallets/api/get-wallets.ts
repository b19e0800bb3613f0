import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { MovementsAnswer, OnboardingAnswer, WalletDetails, WalletsAnswer } from '@crewpay/core';
import { MOVEMENTS_PAGE_SIZE } from '@crewpay/core';
import { api } from '../../../lib/api-client.ts';

export const walletsKey = ['wallets'] as const;

/** GET /v1/wallets: the wallets keyed by provider. */
export function useWallets() {
  return useQuery({
    queryKey: walletsKey,
    queryFn: () => api.get<WalletsAnswer>('/v1/wallets'),
    meta: { errorMessage: 'There was an issue retrieving your Wallets' },
  });
}

/** GET /v1/wallets/{id}: payment method, setup intent, account details. */
export function useWallet(id: string | undefined) {
  return useQuery({
    queryKey: [...walletsKey, id],
    queryFn: () => api.get<WalletDetails>(`/v1/wallets/${id}`),
    enabled: id !== undefined,
    meta: { errorMessage: 'There was an issue retrieving your Wallets' },
  });
}

/**
 * GET /v1/wallets/{id}/movements, one server page at a time (after the page before's cursor when
 * known): every movement of the wallet's money, which add up to its breakdown.
 */
export function useWalletMovements(id: string | undefined, page: number, cursor: string | undefined) {
  return useQuery({
    queryKey: [...walletsKey, id, 'movements', page, cursor],
    queryFn: () =>
      api.get<MovementsAnswer>(`/v1/wallets/${id}/movements`, {
        query: { page, limit: MOVEMENTS_PAGE_SIZE, starting_after: cursor },
      }),
    enabled: id !== undefined,
    placeholderData: keepPreviousData,
    meta: { errorMessage: 'There was an issue retrieving your Transactions' },
  });
}

/** GET /v1/org/onboarding: whether Stripe lets the wallet move money yet, and why not. */
export function useWalletUsable() {
  return useQuery({
    queryKey: ['onboarding'],
    queryFn: () => api.get<OnboardingAnswer>('/v1/org/onboarding'),
    meta: { errorMessage: 'There was an issue retrieving your verification' },
  });
}
