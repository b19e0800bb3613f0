import { useMutation } from '@tanstack/react-query';
import type { MessageAnswer, SessionAnswer, SignUpBody } from '@crewpay/core';
import { trackEvent } from '../../../lib/analytics.ts';
import { api } from '../../../lib/api-client.ts';
import { startSession } from '../../../lib/session/start-session.ts';

const signUp = (body: SignUpBody) => api.post<MessageAnswer>('/v1/users/signup', body);

/** POST /v1/users/signup: the server emails the address a link; the answer is the same whoever owns it. */
export function useSignUp() {
  return useMutation({ mutationFn: signUp, meta: { errorMessage: 'There was an issue signing up' } });
}

const confirmSignUp = (id: string) => api.post<SessionAnswer>('/v1/users/signup/confirm', { id });

/** POST /v1/users/signup/confirm: the emailed link creates the account; keeps the new session. */
export function useConfirmSignUp() {
  return useMutation({
    mutationFn: confirmSignUp,
    onSuccess: (answer) => {
      // Before the session starts: a new session clears the cache, the server's description with it.
      trackEvent('signed_up');
      startSession(answer);
    },
    // The page shows why a link failed in place of its button.
    meta: { isSilent: true },
  });
}
