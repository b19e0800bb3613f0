/** GET and PUT /v1/notifications: shared by the header's bell and the Notifications tab of Settings. */
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { notifyError } from '../../../lib/notify.ts';
import { queryClient } from '../../../lib/query-client.ts';

export type Notification = { id: string; text: string; link: string | null; dismissed: boolean; created_at: string };

const notificationsKey = ['notifications'] as const;

/** The spec: notifications refresh every 10 minutes. */
const NOTIFICATION_REFRESH_MS = 600_000;

const getNotifications = () => api.get<Notification[]>('/v1/notifications');

function notificationsQuery() {
  return queryOptions({
    queryKey: notificationsKey,
    queryFn: getNotifications,
    refetchInterval: NOTIFICATION_REFRESH_MS,
    // The spec: also when the person comes back to the window (the app's default is off).
    refetchOnWindowFocus: 'always',
    meta: { errorMessage: 'There was an issue retrieving your notifications' },
  });
}

export function useNotifications() {
  return useQuery(notificationsQuery());
}

const dismissNotification = (id: string) => api.put<Notification>(`/v1/notifications/${encodeURIComponent(id)}`, { dismissed: true });

/** PUT /v1/notifications/{id}: hides the notification at once and puts it back if the call fails. */
export function useDismissNotification() {
  return useMutation({
    mutationFn: dismissNotification,
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: notificationsKey });
      const previous = queryClient.getQueryData<Notification[]>(notificationsKey);
      queryClient.setQueryData<Notification[]>(notificationsKey, (list) =>
        list?.map((item) => (item.id === id ? { ...item, dismissed: true } : item)),
      );
      return { previous };
    },
    onError: (_error, _id, context) => {
      queryClient.setQueryData(notificationsKey, context?.previous);
      notifyError('Failed to dismiss notification');
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsKey }),
    // The spec's message for this call replaces the server's text.
    meta: { isSilent: true },
  });
}

/** POST /v1/notifications/read_all: every notification read at once; the list empties before the answer and comes back if it fails. */
export function useMarkAllNotificationsRead() {
  return useMutation({
    mutationFn: () => api.post<{ count: number }>('/v1/notifications/read_all', {}),
    onMutate: async () => {
      await queryClient.cancelQueries({ queryKey: notificationsKey });
      const previous = queryClient.getQueryData<Notification[]>(notificationsKey);
      queryClient.setQueryData<Notification[]>(notificationsKey, (list) => list?.map((item) => ({ ...item, dismissed: true })));
      return { previous };
    },
    onError: (_error, _variables, context) => {
      queryClient.setQueryData(notificationsKey, context?.previous);
      notifyError('Failed to mark your notifications read');
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsKey }),
    meta: { isSilent: true },
  });
}
