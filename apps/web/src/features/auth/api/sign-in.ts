import { useMutation } from '@tanstack/react-query';
import type { SessionAnswer, SignInBody } from '@crewpay/core';
import { api } from '../../../lib/api-client.ts';
import { startSession } from '../../../lib/session/start-session.ts';

const signIn = (body: SignInBody) => api.post<SessionAnswer>('/v1/users/signin', body);

/** POST /v1/users/signin; keeps the session on success. */
export function useSignIn() {
  return useMutation({
    mutationFn: signIn,
    onSuccess: startSession,
    meta: { errorMessage: 'There was an issue signing in' },
  });
}
