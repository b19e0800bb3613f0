import { useEffect } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { PaypalStatusAnswer } from '@crewpay/core';
import { api } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { walletsKey } from './get-wallets.ts';

const paypalKey = ['paypal', 'oauth'] as const;
/** The spec's poll of the link status while connecting. */
const PAYPAL_POLL_MS = 500;

export function usePaypalStatus(isConnecting: boolean) {
  return useQuery({
    queryKey: paypalKey,
    queryFn: () => api.get<PaypalStatusAnswer>('/v1/paypal/oauth'),
    refetchInterval: (query) => (isConnecting || query.state.data?.status === 'connecting' ? PAYPAL_POLL_MS : false),
    meta: { errorMessage: 'There was an issue creating paypal oauth' },
  });
}

const refresh = async (answer: PaypalStatusAnswer) => {
  queryClient.setQueryData(paypalKey, answer);
  await queryClient.invalidateQueries({ queryKey: walletsKey });
};

/** Once the link is made (by the POST or while polling), the wallets show the PayPal wallet and its balance. */
export function useRefreshWalletsWhenLinked(status: PaypalStatusAnswer['status'] | undefined) {
  useEffect(() => {
    if (status === 'linked') void queryClient.invalidateQueries({ queryKey: walletsKey });
  }, [status]);
}

/** POST /v1/paypal/oauth {code}: completes the link after PayPal sends the browser back. */
export function useCompletePaypal() {
  return useMutation({
    mutationFn: (code: string) => api.post<PaypalStatusAnswer>('/v1/paypal/oauth', { code }),
    onSuccess: refresh,
    meta: { errorMessage: 'There was an issue creating paypal oauth' },
  });
}

export function useDeactivatePaypal() {
  return useMutation({
    mutationFn: () => api.delete<PaypalStatusAnswer>('/v1/paypal/oauth'),
    onSuccess: refresh,
    meta: { errorMessage: 'There was an issue creating paypal oauth' },
  });
}
