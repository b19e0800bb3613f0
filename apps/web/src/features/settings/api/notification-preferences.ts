import { useMutation, useQuery } from '@tanstack/react-query';
import type { NotificationPreferences } from '@crewpay/core';
import { api } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';

const preferencesKey = ['notification_preferences'] as const;

/** GET /v1/notification_preferences: the kinds this member also receives by email. */
export function useNotificationPreferences() {
  return useQuery({
    queryKey: preferencesKey,
    queryFn: () => api.get<NotificationPreferences>('/v1/notification_preferences'),
    meta: { errorMessage: 'There was an issue retrieving your email preferences' },
  });
}

/** PUT /v1/notification_preferences with the whole list. */
export function useSaveNotificationPreferences() {
  return useMutation({
    mutationFn: (body: NotificationPreferences) => api.put<NotificationPreferences>('/v1/notification_preferences', body),
    onSuccess: (saved) => queryClient.setQueryData(preferencesKey, saved),
    meta: { errorMessage: 'There was an issue saving your email preferences', successMessage: 'Email preferences saved' },
  });
}
