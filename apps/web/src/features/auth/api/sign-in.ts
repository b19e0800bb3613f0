import { useMutation } from '@tanstack/react-query';
import type { PasskeyAssertion, SessionAnswer, SignInAudience, SignInBody } from '@crewpay/core';
import { trackEvent } from '../../../lib/analytics.ts';
import { api } from '../../../lib/api-client.ts';
import { startSession } from '../../../lib/session/start-session.ts';

const signIn = (body: SignInBody) => api.post<SessionAnswer>('/v1/users/signin', body);

/** POST /v1/users/signin; keeps the session on success. */
export function useSignIn() {
  return useMutation({
    mutationFn: signIn,
    onSuccess: (answer) => {
      // Before the session starts: a new session clears the cache, the server's description with it.
      trackEvent('signed_in');
      startSession(answer);
    },
    meta: { errorMessage: 'There was an issue signing in' },
  });
}

/** POST /v1/users/passkeys/signin: a passkey in place of the password (and of the code); keeps the session. */
export function usePasskeySignIn() {
  return useMutation({
    mutationFn: (body: { credential: PasskeyAssertion; audience: SignInAudience }) =>
      api.post<SessionAnswer>('/v1/users/passkeys/signin', body),
    onSuccess: (answer) => {
      trackEvent('signed_in');
      startSession(answer);
    },
    meta: { errorMessage: 'There was an issue signing in with a passkey' },
  });
}
