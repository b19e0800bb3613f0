import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../api-client.ts';
import { clearToken, getToken } from './token.ts';

/** Location state telling the guest-only guard that this visit ends a session. */
type SignOutState = { isSigningOut: true };

export function isSigningOut(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'isSigningOut' in state;
}

/**
 * Ends the session: tells the server (best effort), goes to `redirectTo`, then forgets the token
 * and with it every cached organisation record (see query-client.ts). Navigating first means the
 * guards of the page being left never see a signed-out person and redirect elsewhere.
 */
export function useSignOut(redirectTo = '/signin') {
  const navigate = useNavigate();
  return useCallback(async () => {
    if (getToken()) {
      try {
        await api.post('/v1/users/signout');
      } catch {
        // The local session ends either way.
      }
    }
    const state: SignOutState = { isSigningOut: true };
    // flushSync commits the new location before the token goes; a transition would let the
    // guards of the old page render first without a session and redirect to /signin.
    await navigate(redirectTo, { replace: true, state, flushSync: true });
    clearToken();
  }, [navigate, redirectTo]);
}
