import { useMutation, useQuery } from '@tanstack/react-query';
import type { InviteUserBody, MemberRecord, MessageAnswer, UpdateUserBody } from '@crewpay/core';
import { api } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';

const membersKey = ['users', 'members'] as const;

/** GET /v1/users: the organisation's members. */
export function useMembers() {
  return useQuery({
    queryKey: membersKey,
    queryFn: () => api.get<MemberRecord[]>('/v1/users'),
    meta: { errorMessage: 'There was an issue getting your admins' },
  });
}

const refresh = () => queryClient.invalidateQueries({ queryKey: ['users'] });

export function useInviteMember() {
  return useMutation({
    mutationFn: (body: InviteUserBody) => api.post<MemberRecord>('/v1/users', body),
    onSuccess: refresh,
    meta: { errorMessage: 'There was an issue inviting this user', successMessage: 'Invitation sent!' },
  });
}

export function useUpdateMember() {
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdateUserBody }) => api.put<MemberRecord>(`/v1/users/${id}`, changes),
    onSuccess: refresh,
    meta: { errorMessage: 'There was an issue updating this user', successMessage: 'Member updated!' },
  });
}

export function useDeleteMember() {
  return useMutation({
    mutationFn: (id: string) => api.delete<MessageAnswer>(`/v1/users/${id}`),
    onSuccess: refresh,
    meta: { errorMessage: 'There was an issue deleting this user', successMessage: 'User removed' },
  });
}
