import { useMutation } from '@tanstack/react-query';
import type { MessageAnswer, ResetPasswordBody } from '@crewpay/core';
import { api } from '../../../lib/api-client.ts';

const requestPasswordReset = (body: ResetPasswordBody) => api.put<MessageAnswer>('/v1/users/password/reset', body);

/** PUT /v1/users/password/reset: emails a set-new-password link. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: requestPasswordReset,
    meta: {
      errorMessage: 'There was an issue sending a password reset email',
      successMessage: 'Request has been sent, check your email!',
    },
  });
}
