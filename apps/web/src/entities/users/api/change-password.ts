import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordBody } from '@crewpay/core';
import { api } from '../../../lib/api-client.ts';

/** PUT /v1/users/password: other sessions end; this one stays. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: ChangePasswordBody) => api.put<{ message: string }>('/v1/users/password', body),
    meta: { errorMessage: 'There was an issue updating your password', successMessage: 'Password has been updated.' },
  });
}
