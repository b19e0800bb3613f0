import { useQuery } from '@tanstack/react-query';
import type { UserRecord } from '@crewpay/core';
import { api } from '../api-client.ts';
import { useAuthToken } from './token.ts';

export const currentUserKey = ['user'] as const;

const getCurrentUser = () => api.get<UserRecord>('/v1/user');

/** The query of the signed-in person; main.tsx starts it beside the first page's chunks. */
export const currentUserQuery = {
  queryKey: currentUserKey,
  queryFn: getCurrentUser,
  meta: { errorMessage: 'There was an issue refreshing your user data' },
};

/** GET /v1/user for the signed-in person; idle while nobody is signed in. */
export function useCurrentUser() {
  const token = useAuthToken();
  return useQuery({ ...currentUserQuery, enabled: token !== null });
}
