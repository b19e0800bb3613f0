import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { notifyError } from '../../../lib/notify.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { notificationsKey, type Notification } from './get-notifications.ts';

export const dismissNotification = (id: string) => api.put<Notification>(`/v1/notifications/${encodeURIComponent(id)}`, { dismissed: true });

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
