import { useMutation, useQuery } from '@tanstack/react-query';
import type { InviteUserBody, MemberRecord, UpdateUserBody } from '@crewpay/core';
import { api } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { creatorKeys } from '../../../entities/creators/index.ts';

const personKey = (id: string) => ['users', 'one', id] as const;

export function usePerson(id: string) {
  return useQuery({
    queryKey: personKey(id),
    queryFn: () => api.get<MemberRecord>(`/v1/users/${id}`),
    meta: { errorMessage: 'There was an issue retrieving your Agents/ Managers' },
  });
}

/** POST /v1/users without a role: an agent or a manager. */
export function useAddAgentManager() {
  return useMutation({
    mutationFn: (body: InviteUserBody) => api.post<MemberRecord>('/v1/users', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['users'] }),
    meta: { errorMessage: 'There was an issue creating this user' },
  });
}

export function useUpdateAgentManager(id: string) {
  return useMutation({
    mutationFn: (body: UpdateUserBody) => api.put<MemberRecord>(`/v1/users/${id}`, body),
    onSuccess: async (person) => {
      queryClient.setQueryData(personKey(id), person);
      await queryClient.invalidateQueries({ queryKey: creatorKeys.agentsManagers });
    },
    meta: { errorMessage: 'There was an issue updating your Agent/ Manager', successMessage: 'Saved!' },
  });
}
