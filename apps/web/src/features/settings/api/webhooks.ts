import { useMutation, useQuery } from '@tanstack/react-query';
import type { CreateWebhookBody, CreatedWebhookEndpoint, MessageAnswer, WebhookDeliveryRecord, WebhookEndpointRecord } from '@crewpay/core';
import { api } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';

const webhooksKey = ['webhook_endpoints'] as const;
const refresh = () => queryClient.invalidateQueries({ queryKey: webhooksKey });

export function useWebhookEndpoints() {
  return useQuery({
    queryKey: webhooksKey,
    queryFn: () => api.get<WebhookEndpointRecord[]>('/v1/webhook_endpoints'),
    meta: { errorMessage: 'There was an issue retrieving your webhooks' },
  });
}

/** The delivery log, refreshed while retries may still change it. */
export function useWebhookDeliveries(endpointId: string) {
  return useQuery({
    queryKey: [...webhooksKey, endpointId, 'deliveries'],
    queryFn: () => api.get<WebhookDeliveryRecord[]>(`/v1/webhook_endpoints/${endpointId}/deliveries`),
    refetchInterval: 15_000,
    meta: { errorMessage: 'There was an issue retrieving your webhook deliveries' },
  });
}

export function useCreateWebhook() {
  return useMutation({
    mutationFn: (body: CreateWebhookBody) => api.post<CreatedWebhookEndpoint>('/v1/webhook_endpoints', body),
    onSuccess: refresh,
    meta: { errorMessage: 'There was an issue creating your webhook', successMessage: 'Webhook endpoint added' },
  });
}

export function useDeleteWebhook() {
  return useMutation({
    mutationFn: (id: string) => api.delete<MessageAnswer>(`/v1/webhook_endpoints/${id}`),
    onSuccess: refresh,
    meta: { errorMessage: 'There was an issue deleting your webhook', successMessage: 'Webhook endpoint deleted' },
  });
}

export function useSendTestEvent() {
  return useMutation({
    mutationFn: (id: string) => api.post<WebhookDeliveryRecord>(`/v1/webhook_endpoints/${id}/test`),
    onSuccess: refresh,
    meta: { errorMessage: 'There was an issue sending the test event', successMessage: 'Test event sent' },
  });
}
