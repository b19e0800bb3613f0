import { useMutation } from '@tanstack/react-query';
import type { UpdateProfileBody, UserRecord } from '@crewpay/core';
import { api } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { currentUserKey } from '../../../lib/session/current-user.ts';

/** PUT /v1/user: the display name; the header and everywhere the person is shown read the answer at once. */
export function useUpdateProfile() {
  return useMutation({
    mutationFn: (body: UpdateProfileBody) => api.put<UserRecord>('/v1/user', body),
    onSuccess: async (user) => {
      queryClient.setQueryData(currentUserKey, user);
      // The members list shows the name too.
      await queryClient.invalidateQueries({ queryKey: ['users'] });
    },
    meta: { errorMessage: 'There was an issue updating your profile', successMessage: 'Profile updated!' },
  });
}
