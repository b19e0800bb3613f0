import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type Notification = { id: string; text: string; link: string | null; dismissed: boolean; created_at: string };

export const notificationsKey = ['notifications'] as const;

/** The spec: notifications refresh every 10 minutes. */
export const NOTIFICATION_REFRESH_MS = 600_000;

export const getNotifications = () => api.get<Notification[]>('/v1/notifications');

export function useNotifications() {
  return useQuery({
    queryKey: notificationsKey,
    queryFn: getNotifications,
    refetchInterval: NOTIFICATION_REFRESH_MS,
    meta: { errorMessage: 'There was an issue retrieving your notifications' },
  });
}
