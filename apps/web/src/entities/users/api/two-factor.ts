import { useMutation, useQuery } from '@tanstack/react-query';
import type { MessageAnswer, OrgTwoFactorBody, RecoveryCodesAnswer, TotpSetupAnswer, TwoFactorStatus } from '@crewpay/core';
import { api } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';

const statusKey = ['users', 'two_factor'] as const;
const refresh = () => queryClient.invalidateQueries({ queryKey: statusKey });

/** GET /v1/users/two_factor: on or off, recovery codes left, the organization's rule. */
export function useTwoFactorStatus() {
  return useQuery({
    queryKey: statusKey,
    queryFn: () => api.get<TwoFactorStatus>('/v1/users/two_factor'),
    meta: { errorMessage: 'There was an issue retrieving your two-factor sign-in' },
  });
}

/** POST /v1/users/two_factor/totp: the secret for the authenticator app, shown during set-up only. */
export function useStartTotp() {
  return useMutation({
    mutationFn: () => api.post<TotpSetupAnswer>('/v1/users/two_factor/totp'),
    meta: { errorMessage: 'There was an issue starting the set-up' },
  });
}

/** POST /v1/users/two_factor/totp/confirm: the app's first code (and for a first factor the emailed code); answers the recovery codes (shown once). */
export function useConfirmTotp() {
  return useMutation({
    mutationFn: (body: { code: string; email_code?: string }) => api.post<RecoveryCodesAnswer>('/v1/users/two_factor/totp/confirm', body),
    onSuccess: refresh,
    meta: { errorMessage: 'There was an issue turning on two-factor sign-in', successMessage: 'Two-factor sign-in is on' },
  });
}

/** DELETE /v1/users/two_factor/totp (asks for a fresh code first). */
export function useRemoveTotp() {
  return useMutation({
    mutationFn: () => api.delete<MessageAnswer>('/v1/users/two_factor/totp'),
    onSuccess: refresh,
    meta: { errorMessage: 'There was an issue turning off two-factor sign-in', successMessage: 'Two-factor sign-in is off' },
  });
}

/** PUT /v1/users/two_factor/organization: the owner's rule for every team member. */
export function useSetOrgTwoFactor() {
  return useMutation({
    mutationFn: (body: OrgTwoFactorBody) => api.put<MessageAnswer>('/v1/users/two_factor/organization', body),
    onSuccess: refresh,
    meta: { errorMessage: 'There was an issue changing the rule', successMessage: 'Saved' },
  });
}
