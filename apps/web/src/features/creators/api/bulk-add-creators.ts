import { useMutation, useQuery } from '@tanstack/react-query';
import {
  creatorMessages,
  type BulkAnswer,
  type ImportInviteChoice,
  type ImportPreview,
  type InviteCreatorsAnswer,
  type InviteCreatorsBody,
  type PendingInvitations,
} from '@crewpay/core';
import { api } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { creatorKeys } from '../../../entities/creators/index.ts';

const fileForm = (file: File) => {
  const form = new FormData();
  form.append('file', file, file.name);
  return form;
};

/** POST /v1/creators/bulk/preview: what the file would add and its rows' errors; nothing is written. */
export function usePreviewCreatorsImport() {
  return useMutation({
    mutationFn: (file: File) => api.post<ImportPreview>('/v1/creators/bulk/preview', fileForm(file)),
    meta: { errorMessage: 'There was an issue reading this file' },
  });
}

type ImportInput = { file: File; invite: ImportInviteChoice; idempotencyKey: string };

/** POST /v1/creators/bulk: adds the previewed file once per key (a double click adds once). */
export function useBulkAddCreators() {
  return useMutation({
    mutationFn: ({ file, invite, idempotencyKey }: ImportInput) =>
      api.post<BulkAnswer>('/v1/creators/bulk', fileForm(file), { query: { invite }, headers: { 'Idempotency-Key': idempotencyKey } }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: creatorKeys.all });
    },
    meta: { errorMessage: 'There was an issue bulk creating these creators', successMessage: creatorMessages.added },
  });
}

const invitationsKey = [...creatorKeys.all, 'invitations'] as const;

/** GET /v1/creators/invitations: how many creators an import left to invite later. */
export function usePendingInvitations() {
  return useQuery({
    queryKey: invitationsKey,
    queryFn: () => api.get<PendingInvitations>('/v1/creators/invitations'),
    meta: { errorMessage: 'There was an issue getting your invitations' },
  });
}

/** POST /v1/creators/invitations: the chosen creators, or all left for later, get their invitation email. */
export function useInviteCreators() {
  return useMutation({
    mutationFn: (body: InviteCreatorsBody) => api.post<InviteCreatorsAnswer>('/v1/creators/invitations', body),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: creatorKeys.all });
    },
    meta: { errorMessage: 'There was an issue sending these invitations' },
  });
}
