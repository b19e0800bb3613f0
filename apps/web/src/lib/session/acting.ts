import { useEffect } from 'react';
import { useMutation } from '@tanstack/react-query';
import { loginAsMessages, type UserRecord } from '@crewpay/core';
import { api } from '../api-client.ts';

/**
 * Login-as changes who this session is on the server; the page then reloads from the top so no
 * cached record of the previous user stays on screen (the spec: "switches the session to that
 * user and reloads the page").
 */
function reloadHome() {
  window.location.assign('/');
}

export const startActingAs = (userId: string) => api.post<UserRecord>('/v1/users/loginas', { user_id: userId });

/** POST /v1/users/loginas, then home as that user. */
export function useActAs() {
  return useMutation({
    mutationFn: startActingAs,
    meta: { errorMessage: loginAsMessages.failed },
    onSuccess: reloadHome,
  });
}

/** DELETE /v1/users/loginas: back to the real user's own account. */
export function useStopActing() {
  return useMutation({
    mutationFn: () => api.delete<UserRecord>('/v1/users/loginas'),
    meta: { errorMessage: 'There was an issue going back to your account' },
    onSuccess: reloadHome,
  });
}

/** Acting ends by itself on the server at `expiresAt`: the page then reloads as the real user. */
export function useReloadWhenActingEnds(expiresAt: string | null | undefined) {
  useEffect(() => {
    if (!expiresAt) return;
    // A second after the end, so the server has ended it; setTimeout holds at most about 24.8 days.
    const wait = Math.min(Math.max(0, Date.parse(expiresAt) - Date.now()) + 1000, 2_147_483_647);
    const timer = window.setTimeout(reloadHome, wait);
    return () => window.clearTimeout(timer);
  }, [expiresAt]);
}
