import Card from '@mui/material/Card';
import { NotificationList } from '../../../components/notification-list.tsx';
import { useDismissNotification, useNotifications } from '../../../lib/notifications.ts';

/** Settings > Notifications: the same list as the bell, with dismiss, or 'No Notifications to show'. */
export function NotificationsTab() {
  const { data = [] } = useNotifications();
  const dismiss = useDismissNotification();
  const unread = data.filter((notification) => !notification.dismissed);
  return (
    <Card variant="outlined" component="section" aria-label="Notifications" sx={{ maxWidth: 720 }}>
      <NotificationList
        notifications={unread}
        onDismiss={(id) => dismiss.mutate(id)}
        emptyLabel="No Notifications to show"
        maxHeight="none"
      />
    </Card>
  );
}
