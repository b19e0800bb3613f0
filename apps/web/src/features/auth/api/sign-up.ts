import { useMutation } from '@tanstack/react-query';
import type { SessionAnswer, SignUpBody } from '@crewpay/core';
import { api } from '../../../lib/api-client.ts';
import { startSession } from '../../../lib/session/start-session.ts';

const signUp = (body: SignUpBody) => api.post<SessionAnswer>('/v1/users/signup', body);

/** POST /v1/users/signup; keeps the new session on success. */
export function useSignUp() {
  return useMutation({
    mutationFn: signUp,
    onSuccess: startSession,
    meta: { errorMessage: 'There was an issue signing up' },
  });
}
