import { useQuery } from '@tanstack/react-query';
import type { UserRecord } from '@crewpay/core';
import { api } from '../api-client.ts';
import { useAuthToken } from './token.ts';

export const currentUserKey = ['user'] as const;

export const getCurrentUser = () => api.get<UserRecord>('/v1/user');

/** GET /v1/user for the signed-in person; idle while nobody is signed in. */
export function useCurrentUser() {
  const token = useAuthToken();
  return useQuery({
    queryKey: currentUserKey,
    queryFn: getCurrentUser,
    enabled: token !== null,
    meta: { errorMessage: 'There was an issue refreshing your user data' },
  });
}
