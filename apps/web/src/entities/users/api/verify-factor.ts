import { useMutation } from '@tanstack/react-query';
import type { MessageAnswer } from '@crewpay/core';
import { api } from '../../../lib/api-client.ts';

/** POST /v1/users/two_factor/verify: a code now, so the sensitive actions of the next minutes go through. */
export function useVerifyFactor() {
  return useMutation({
    mutationFn: (code: string) => api.post<MessageAnswer>('/v1/users/two_factor/verify', { code }),
    meta: { errorMessage: 'That code did not work' },
  });
}
