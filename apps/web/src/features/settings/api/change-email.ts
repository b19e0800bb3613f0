import { useMutation } from '@tanstack/react-query';
import type { ChangeEmailBody, MessageAnswer } from '@crewpay/core';
import { api } from '../../../lib/api-client.ts';

/** PUT /v1/users/email: nothing changes yet; the new address gets a link to confirm it, the current one is told. */
export function useChangeEmail() {
  return useMutation({
    mutationFn: (body: ChangeEmailBody) => api.put<MessageAnswer>('/v1/users/email', body),
    meta: { errorMessage: 'There was an issue updating your email address' },
  });
}
