import { useMutation, useQuery } from '@tanstack/react-query';
import type {
  CreateDeliverableBody,
  DeliverableApprovalBody,
  DeliverableList,
  DeliverableRecord,
  UpdateDeliverableBody,
} from '@crewpay/core';
import { api } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { campaignKeys } from './campaigns.ts';

export function useDeliverables(campaignId: string) {
  return useQuery({
    queryKey: campaignKeys.deliverables(campaignId),
    queryFn: () => api.get<DeliverableList>('/v1/deliverables', { query: { campaign_id: campaignId } }),
    meta: { errorMessage: 'There was an issue retrieving your deliverables' },
  });
}

const refresh = (campaignId: string) => queryClient.invalidateQueries({ queryKey: campaignKeys.deliverables(campaignId) });

export const createDeliverable = (body: CreateDeliverableBody) => api.post<DeliverableRecord>('/v1/deliverables', body);

export function useCreateDeliverable(campaignId: string) {
  return useMutation({
    mutationFn: createDeliverable,
    onSuccess: () => refresh(campaignId),
    meta: { errorMessage: 'There was an issue creating your deliverable', successMessage: 'Deliverable has been created!' },
  });
}

export function useUpdateDeliverable(campaignId: string) {
  return useMutation({
    mutationFn: ({ id, ...body }: UpdateDeliverableBody & { id: string }) => api.put<DeliverableRecord>(`/v1/deliverables/${id}`, body),
    onSuccess: () => refresh(campaignId),
    meta: { errorMessage: 'There was an issue updating your deliverable', successMessage: 'Deliverable has been updated!' },
  });
}

export function useDeleteDeliverable(campaignId: string) {
  return useMutation({
    mutationFn: (id: string) => api.delete<{ message: string }>(`/v1/deliverables/${id}`),
    onSuccess: () => refresh(campaignId),
    meta: { errorMessage: 'There was an issue deleting your deliverable', successMessage: 'Deliverable has been deleted!' },
  });
}

/** Issue 31: an owner or admin approves a deliverable or asks for changes (payments may wait for the approval). */
export function useDecideDeliverable(campaignId: string) {
  return useMutation({
    mutationFn: ({ id, status }: { id: string } & DeliverableApprovalBody) =>
      api.post<DeliverableRecord>(`/v1/deliverables/${id}/approval`, { status }),
    onSuccess: (record) => refresh(campaignId).then(() => record),
    meta: { errorMessage: 'There was an issue saving your decision' },
  });
}
